import { BackfillProgress } from './backfill-progress';

describe('BackfillProgress', () => {
  let clock = 0;
  const progress = () => new BackfillProgress('ethereum', 5_000, () => clock);
  beforeEach(() => (clock = 1_000_000));

  it('reports at most once per interval while behind, with rates over the interval and an ETA', () => {
    const p = progress();
    expect(p.record({ blocks: 100, transfers: 2_500, tip: 99n, head: 10_099n })).toBeUndefined();
    clock += 2_000;
    expect(p.record({ blocks: 100, transfers: 2_500, tip: 199n, head: 10_099n })).toBeUndefined();
    clock += 3_000;
    expect(p.record({ blocks: 300, transfers: 7_500, tip: 499n, head: 10_099n })).toBe(
      'indexer ethereum: backfilling at block 499, 100 blocks/s, 2500 transfers/s, 9600 blocks to head 10099, ETA 96 s',
    );
    clock += 1_000;
    expect(p.record({ blocks: 100, transfers: 0, tip: 599n, head: 10_099n })).toBeUndefined();
  });

  it('says once that it caught up after reporting, then stays quiet following the head', () => {
    const p = progress();
    p.record({ blocks: 100, transfers: 10, tip: 99n, head: 500n });
    clock += 5_000;
    expect(p.record({ blocks: 200, transfers: 20, tip: 299n, head: 500n })).toContain('backfilling');
    clock += 1_000;
    expect(p.record({ blocks: 201, transfers: 5, tip: 500n, head: 500n })).toBe(
      'indexer ethereum: caught up at block 500 (501 blocks, 35 transfers in 6.0 s)',
    );
    for (let n = 501n; n < 520n; n++) {
      clock += 12_000;
      expect(p.record({ blocks: 1, transfers: 3, tip: n, head: n })).toBeUndefined();
    }
  });

  it('stays quiet through a short backfill', () => {
    const p = progress();
    expect(p.record({ blocks: 50, transfers: 5, tip: 49n, head: 60n })).toBeUndefined();
    clock += 1_000;
    expect(p.record({ blocks: 11, transfers: 1, tip: 60n, head: 60n })).toBeUndefined();
  });
});
