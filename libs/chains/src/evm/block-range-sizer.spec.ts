import { BlockRangeSizer } from './block-range-sizer';

describe('BlockRangeSizer', () => {
  it('halves on a too-large range, takes a suggested span, grows by half, and stays within [1, max]', () => {
    const sizer = new BlockRangeSizer(1000n, 1500n);
    expect(sizer.shrink(1000n)).toBe(true);
    expect(sizer.size).toBe(500n);
    expect(sizer.shrink(500n, 120n)).toBe(true);
    expect(sizer.size).toBe(120n);
    sizer.grow();
    expect(sizer.size).toBe(181n);
    for (let i = 0; i < 20; i++) sizer.grow();
    expect(sizer.size).toBe(1500n);
    expect(sizer.shrink(1n)).toBe(false);
    expect(sizer.shrink(3n)).toBe(true);
    expect(sizer.size).toBe(1n);
  });
});
