import { foldTronStake } from './fold-tron-stake';
import type { StakeOperationRow } from './stake-operation-row';

const TRX = 1_000_000n;
const row = (
  operation: StakeOperationRow['operation'],
  fields: Partial<StakeOperationRow> = {},
): StakeOperationRow => ({
  operation,
  validator: null,
  amount: 0n,
  shares: null,
  resource: null,
  receiver: null,
  unlockTimeMs: null,
  votes: null,
  timestampMs: 0,
  blockNumber: 0n,
  observed: null,
  ...fields,
});

describe('foldTronStake', () => {
  it('keeps votes the frozen balance still covers and withdraws them all when it no longer does', () => {
    const voted = [
      row('freeze', { amount: 10n * TRX, resource: 'ENERGY' }),
      row('vote', { votes: [{ validator: 'SR', count: '8' }] }),
      row('unfreeze', { amount: 2n * TRX, resource: 'ENERGY', unlockTimeMs: 5 }),
    ];
    expect([...foldTronStake(voted).votes]).toEqual([['SR', 8n]]);
    const state = foldTronStake([
      ...voted,
      row('unfreeze', { amount: TRX, resource: 'ENERGY', unlockTimeMs: 6 }),
    ]);
    expect(state.votes.size).toBe(0);
    expect(state.frozen).toEqual({ BANDWIDTH: 0n, ENERGY: 7n * TRX });
    expect(state.unfreezes.map((u) => u.amountSun)).toEqual([2n * TRX, TRX]);
  });

  it('withdraws only the unfreezes expired at the block, and nets delegations per receiver and resource', () => {
    const state = foldTronStake([
      row('freeze', { amount: 10n * TRX }),
      row('unfreeze', { amount: TRX, unlockTimeMs: 1000 }),
      row('unfreeze', { amount: TRX, unlockTimeMs: 3000 }),
      row('withdrawUnfrozen', { amount: TRX, timestampMs: 2000 }),
      row('delegateResource', { amount: 5n * TRX, receiver: 'R' }),
      row('delegateResource', { amount: 3n * TRX, receiver: 'R', resource: 'ENERGY' }),
      row('undelegateResource', { amount: 2n * TRX, receiver: 'R' }),
    ]);
    expect(state.unfreezes).toEqual([
      { amountSun: TRX, resource: 'BANDWIDTH', expireTimeMs: 3000, updatedAtMs: 0 },
    ]);
    expect([...state.delegated]).toEqual([
      ['R|BANDWIDTH', 3n * TRX],
      ['R|ENERGY', 3n * TRX],
    ]);
  });

  it('dates the votes by the vote that set them, the frozen rest by its last freeze, unfreeze or vote', () => {
    const state = foldTronStake([
      row('freeze', { amount: 10n * TRX, timestampMs: 1000 }),
      row('vote', { votes: [{ validator: 'SR', count: '4' }], timestampMs: 2000 }),
      row('unfreeze', { amount: TRX, unlockTimeMs: 9000, timestampMs: 3000 }),
      // A delegation moves no frozen sun: it dates neither.
      row('delegateResource', { amount: TRX, receiver: 'R', timestampMs: 4000 }),
    ]);
    expect([state.votesUpdatedAtMs, state.stakeUpdatedAtMs]).toEqual([2000, 3000]);
    expect(state.unfreezes.map((u) => u.updatedAtMs)).toEqual([3000]);
    // An unfreeze that withdraws the votes sets the (now empty) vote set.
    const withdrawn = foldTronStake([
      row('freeze', { amount: 4n * TRX, timestampMs: 1000 }),
      row('vote', { votes: [{ validator: 'SR', count: '4' }], timestampMs: 2000 }),
      row('unfreeze', { amount: TRX, unlockTimeMs: 9000, timestampMs: 3000 }),
    ]);
    expect([withdrawn.votes.size, withdrawn.votesUpdatedAtMs]).toEqual([0, 3000]);
    expect(foldTronStake([]).stakeUpdatedAtMs).toBeNull();
  });

  it('starts over from an observation: stake frozen before the start block counts, later operations apply to it', () => {
    const observed = {
      chain: 'tron',
      owner: 'O',
      blockNumber: '9',
      blockHash: 'aa',
      timestamp: 5,
      frozen: { BANDWIDTH: String(7n * TRX), ENERGY: String(3n * TRX) },
      unfreezes: [{ amount: String(TRX), resource: 'ENERGY' as const, unlockTimeMs: 8000 }],
      votes: [{ validator: 'SR', count: '9' }],
    };
    const state = foldTronStake([
      // Indexed before the observation's block end: already in what the node reported.
      row('freeze', { amount: 2n * TRX }),
      row('observed', { observed, timestampMs: 5000 }),
      row('unfreeze', { amount: 2n * TRX, unlockTimeMs: 9000, timestampMs: 6000 }),
    ]);
    expect(state.frozen).toEqual({ BANDWIDTH: 5n * TRX, ENERGY: 3n * TRX });
    expect([...state.votes]).toEqual([]); // 9 votes need 9 TRX of the 8 left: java-tron withdraws them
    expect(state.unfreezes).toEqual([
      { amountSun: TRX, resource: 'ENERGY', expireTimeMs: 8000, updatedAtMs: 5000 },
      { amountSun: 2n * TRX, resource: 'BANDWIDTH', expireTimeMs: 9000, updatedAtMs: 6000 },
    ]);
  });

  it("keeps the operations' dates where the observation says what they say", () => {
    const observed = {
      chain: 'tron',
      owner: 'O',
      blockNumber: '9',
      blockHash: 'aa',
      timestamp: 9,
      frozen: { BANDWIDTH: String(4n * TRX), ENERGY: '0' },
      unfreezes: [{ amount: String(TRX), resource: 'BANDWIDTH' as const, unlockTimeMs: 7000 }],
      votes: [{ validator: 'SR', count: '2' }],
    };
    const ops = [
      row('freeze', { amount: 5n * TRX, timestampMs: 1000 }),
      row('vote', { votes: [{ validator: 'SR', count: '2' }], timestampMs: 2000 }),
      row('unfreeze', { amount: TRX, unlockTimeMs: 7000, timestampMs: 3000 }),
    ];
    const same = foldTronStake([...ops, row('observed', { observed, timestampMs: 9000 })]);
    expect([same.votesUpdatedAtMs, same.stakeUpdatedAtMs, same.unfreezes[0]!.updatedAtMs]).toEqual([
      2000, 3000, 3000,
    ]);
    const other = foldTronStake([...ops.slice(0, 2), row('observed', { observed, timestampMs: 9000 })]);
    expect([other.votesUpdatedAtMs, other.stakeUpdatedAtMs, other.unfreezes[0]!.updatedAtMs]).toEqual([
      2000, 9000, 9000,
    ]);
  });
});
