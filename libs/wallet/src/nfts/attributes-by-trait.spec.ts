import { attributesByTrait } from './attributes-by-trait';

describe('attributesByTrait', () => {
  it('maps each trait_type to its value', () => {
    expect(
      attributesByTrait([
        { trait_type: 'rank', value: 1n },
        { trait_type: 'rarity', value: 'rare' },
      ]),
    ).toEqual({ rank: 1n, rarity: 'rare' });
  });

  it('keeps the first value of a repeated trait and skips entries without a trait name', () => {
    expect(
      attributesByTrait([
        { trait_type: 'eyes', value: 'blue' },
        { value: 'unnamed' },
        'text',
        null,
        [1, 2],
        { trait_type: 'eyes', value: 'green' },
        { trait_type: 7, value: 'seven' },
        { trait_type: 'flag' },
      ]),
    ).toEqual({ eyes: 'blue', '7': 'seven', flag: null });
  });

  it('holds a trait named __proto__ as data', () => {
    const traits = attributesByTrait([{ trait_type: '__proto__', value: 'x' }]);
    expect(Object.getPrototypeOf(traits)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(traits, '__proto__')?.value).toBe('x');
  });
});
