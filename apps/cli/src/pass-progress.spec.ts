import { PassProgress } from './pass-progress';

describe('PassProgress', () => {
  const at = (prepare: bigint) => ({ commit: 7n, prepare });

  it('reports events, rate, share of $all and an ETA, then a summary', () => {
    const lines: string[] = [];
    const progress = new PassProgress('replay balances', at(1000n), (l) => lines.push(l), 0);
    progress.advance(250, at(250n));
    progress.advance(250, at(500n), ', 12 written');
    progress.finish();
    expect(lines[0]).toMatch(
      /^replay balances: 250 events in [\d.]+ s \([\d,]+\/s\), 25 % of \$all, ETA \d+ s$/,
    );
    expect(lines[1]).toMatch(/, 50 % of \$all, ETA \d+ s, 12 written$/);
    expect(lines[2]).toMatch(/^replay balances: done, 500 events in [\d.]+ s/);
  });

  it('reports at most once per interval', () => {
    const lines: string[] = [];
    const progress = new PassProgress('export', at(100n), (l) => lines.push(l), 60_000);
    for (let i = 1n; i <= 50n; i += 1n) progress.advance(1, at(i));
    expect(lines).toEqual([]);
    progress.finish(', 50 written');
    expect(lines).toEqual([expect.stringMatching(/^export: done, 50 events in .*, 50 written$/)]);
  });

  it('gives no share for an empty store', () => {
    const lines: string[] = [];
    new PassProgress('export', { commit: -1n, prepare: -1n }, (l) => lines.push(l), 0).advance(0, at(0n));
    expect(lines[0]).not.toContain('%');
  });
});
