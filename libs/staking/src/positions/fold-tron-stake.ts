import type { StakeOperationRow } from './stake-operation-row';

type Resource = 'BANDWIDTH' | 'ENERGY';

/** An unfreeze not yet withdrawn: its sun return to the balance once `expireTimeMs` has passed. */
export interface TronUnfreeze {
  readonly amountSun: bigint;
  readonly resource: Resource;
  readonly expireTimeMs: number | null;
  /** Block time (unix ms) of the unfreeze: nothing changes it after that but the withdrawal that removes it. */
  readonly updatedAtMs: number;
}

export interface TronStakeState {
  /** Sun frozen per resource (delegated resource included: it stays the owner's stake). */
  readonly frozen: Record<Resource, bigint>;
  /** The current vote set: SR → votes (1 vote = 1 TRX = 10^6 sun of frozen balance). */
  votes: Map<string, bigint>;
  readonly unfreezes: TronUnfreeze[];
  /** Sun of each resource delegated to each receiver: `${receiver}|${resource}`. */
  readonly delegated: Map<string, bigint>;
  /** Block time (unix ms) of the vote that set the vote set, or of the unfreeze that withdrew it; null: none. */
  votesUpdatedAtMs: number | null;
  /**
   * Block time (unix ms) of the last freeze, unfreeze or vote, the operations the frozen sun no vote covers
   * depends on (a delegation moves no frozen sun); null: none.
   */
  stakeUpdatedAtMs: number | null;
}

export const SUN_PER_VOTE = 1_000_000n;

/**
 * Folds an owner's Tron Stake 2.0 operations, oldest first (docs/architecture.md §13):
 * freeze adds to the resource's frozen sun; unfreeze moves sun from frozen to a pending unfreeze expiring
 * at its `unlockTimeMs`, and drops the votes when the frozen total no longer covers them (java-tron
 * withdraws an account's votes when its unfreeze leaves too little Tron Power); withdrawUnfrozen
 * removes the unfreezes expired at its block; vote replaces the vote set; (un)delegateResource moves
 * the delegated amount per receiver (the frozen total is unchanged: delegated sun is still the owner's);
 * an observation (the node's account at the end of its block) replaces the frozen sun, votes and
 * unfreezes, so stake frozen before the indexer's start block counts. Delegations to receivers are not
 * in the account's answer: they count from the operations indexed.
 */
export function foldTronStake(rows: readonly StakeOperationRow[]): TronStakeState {
  const state: TronStakeState = {
    frozen: { BANDWIDTH: 0n, ENERGY: 0n },
    votes: new Map(),
    unfreezes: [],
    delegated: new Map(),
    votesUpdatedAtMs: null,
    stakeUpdatedAtMs: null,
  };
  for (const row of rows) {
    const resource: Resource = row.resource ?? 'BANDWIDTH';
    switch (row.operation) {
      case 'freeze':
        state.frozen[resource] += row.amount;
        state.stakeUpdatedAtMs = row.timestampMs;
        break;
      case 'unfreeze': {
        const moved = row.amount < state.frozen[resource] ? row.amount : state.frozen[resource];
        state.frozen[resource] -= moved;
        state.unfreezes.push({
          amountSun: row.amount,
          resource,
          expireTimeMs: row.unlockTimeMs,
          updatedAtMs: row.timestampMs,
        });
        state.stakeUpdatedAtMs = row.timestampMs;
        const power = (state.frozen.BANDWIDTH + state.frozen.ENERGY) / SUN_PER_VOTE;
        if (totalVotes(state.votes) > power) {
          state.votes = new Map();
          state.votesUpdatedAtMs = row.timestampMs;
        }
        break;
      }
      case 'withdrawUnfrozen': {
        const kept = state.unfreezes.filter(
          (u) => u.expireTimeMs !== null && u.expireTimeMs > row.timestampMs,
        );
        state.unfreezes.splice(0, state.unfreezes.length, ...kept);
        break;
      }
      case 'observed':
        applyObservation(state, row);
        break;
      case 'vote':
        state.votes = new Map((row.votes ?? []).map((v) => [v.validator, BigInt(v.count)]));
        state.votesUpdatedAtMs = row.timestampMs;
        state.stakeUpdatedAtMs = row.timestampMs;
        break;
      case 'delegateResource':
      case 'undelegateResource': {
        if (row.receiver === null) break;
        const key = `${row.receiver}|${resource}`;
        const now = state.delegated.get(key) ?? 0n;
        const next = row.operation === 'delegateResource' ? now + row.amount : now - row.amount;
        if (next > 0n) state.delegated.set(key, next);
        else state.delegated.delete(key);
        break;
      }
      default:
        break;
    }
  }
  return state;
}

/**
 * The node's word on the stake at the end of the row's block: everything before it is in it. Where it says
 * what the operations folded so far say (the whole history indexed), their dates stay; what differs is
 * dated by the observation's block.
 */
function applyObservation(state: TronStakeState, row: StakeOperationRow): void {
  const o = row.observed;
  if (!o || !('frozen' in o)) return; // an EVM chain's observation has no place in a Tron fold
  const votes = new Map(o.votes.map((v) => [v.validator, BigInt(v.count)]));
  const frozen = { BANDWIDTH: BigInt(o.frozen.BANDWIDTH), ENERGY: BigInt(o.frozen.ENERGY) };
  const sameVotes =
    votes.size === state.votes.size && [...votes].every(([sr, n]) => state.votes.get(sr) === n);
  const sameStake =
    sameVotes && frozen.BANDWIDTH === state.frozen.BANDWIDTH && frozen.ENERGY === state.frozen.ENERGY;
  state.votes = votes;
  state.frozen.BANDWIDTH = frozen.BANDWIDTH;
  state.frozen.ENERGY = frozen.ENERGY;
  if (!sameVotes) state.votesUpdatedAtMs = row.timestampMs;
  if (!sameStake) state.stakeUpdatedAtMs = row.timestampMs;
  const known = [...state.unfreezes];
  const unfreezes = o.unfreezes.map((u) => {
    const amountSun = BigInt(u.amount);
    const i = known.findIndex(
      (k) => k.amountSun === amountSun && k.resource === u.resource && k.expireTimeMs === u.unlockTimeMs,
    );
    const updatedAtMs = i === -1 ? row.timestampMs : known.splice(i, 1)[0]!.updatedAtMs;
    return { amountSun, resource: u.resource, expireTimeMs: u.unlockTimeMs, updatedAtMs };
  });
  state.unfreezes.splice(0, state.unfreezes.length, ...unfreezes);
}

export function totalVotes(votes: ReadonlyMap<string, bigint>): bigint {
  let total = 0n;
  for (const count of votes.values()) total += count;
  return total;
}
