import { normaliseAddress } from './normalise-address';

describe('normaliseAddress', () => {
  it('lower-cases hex addresses and leaves base58 as it is', () => {
    expect(normaliseAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBe(
      '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    );
    expect(normaliseAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(normaliseAddress('native')).toBe('native');
  });

  it('answers the same whether remembered or not, for address-sized and longer input alike', () => {
    const checksummed = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
    expect(normaliseAddress(checksummed)).toBe(checksummed.toLowerCase());
    expect(normaliseAddress(checksummed)).toBe(checksummed.toLowerCase());
    const long = `0x${'AbC'.repeat(40)}`;
    expect(normaliseAddress(long)).toBe(long.toLowerCase());
    expect(normaliseAddress(`${long}!`)).toBe(`${long}!`);
  });
});
