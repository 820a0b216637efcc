import { boundedMemo } from './bounded-memo';

describe('boundedMemo', () => {
  it('computes a key once while remembered, and again after the memory was cleared', () => {
    const computed: string[] = [];
    const upper = boundedMemo((key) => {
      computed.push(key);
      return key.toUpperCase();
    }, 2);
    expect([upper('a'), upper('a'), upper('b'), upper('a')]).toEqual(['A', 'A', 'B', 'A']);
    expect(computed).toEqual(['a', 'b']);
    // A third key clears the two held: 'a' is computed again.
    expect([upper('c'), upper('a')]).toEqual(['C', 'A']);
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });
});
