import type { StakeOperationRow } from './stake-operation-row';

/** A delegation with one validator: shares held and the principal they stand for. */
export interface EvmDelegation {
  readonly validator: string;
  shares: bigint;
  /** Wei delegated and not yet undelegated (the cost basis of the shares held). */
  principalWei: bigint;
  /**
   * Block time (unix ms) of the last delegate or undelegate with the validator: the operations that change
   * the delegation (a claim pays unbonds and leaves it as it is).
   */
  updatedAtMs: number;
}

/** An undelegation not yet claimed: its BNB, paid once `unlockTimeMs` has passed. */
export interface EvmUnbond {
  readonly validator: string;
  readonly amountWei: bigint;
  readonly shares: bigint;
  readonly unlockTimeMs: number | null;
  /** Block time (unix ms) of the undelegation: nothing changes an unbond after it but the claim that pays it. */
  readonly updatedAtMs: number;
}

export interface EvmStakingState {
  readonly delegations: Map<string, EvmDelegation>;
  readonly unbonds: EvmUnbond[];
}

/**
 * Folds an owner's StakeHub operations, oldest first (docs/architecture.md §13):
 * - delegate adds its shares and its wei to the validator's principal;
 * - undelegate removes its shares and the same fraction of the principal (shares / shares held, rounded
 *   down: the wei above principal that the undelegation paid out were rewards), and queues an unbond of
 *   the wei the hub reported;
 * - claim pays the validator's oldest unbonds whole, as StakeCredit does, up to the claimed amount;
 * - an observation (the node's word at the end of its block) replaces everything folded before it
 *   (applyObservation).
 * Never throws: the operations are facts, whatever their order.
 */
export function foldEvmDelegations(rows: readonly StakeOperationRow[]): EvmStakingState {
  const delegations = new Map<string, EvmDelegation>();
  const unbonds: EvmUnbond[] = [];
  for (const row of rows) {
    if (row.operation === 'observed') {
      applyObservation(delegations, unbonds, row);
      continue;
    }
    if (row.validator === null) continue;
    const validator = row.validator;
    let delegation = delegations.get(validator);
    if (!delegation) {
      delegation = { validator, shares: 0n, principalWei: 0n, updatedAtMs: row.timestampMs };
      delegations.set(validator, delegation);
    }
    const shares = row.shares ?? 0n;
    switch (row.operation) {
      case 'delegate':
        delegation.shares += shares;
        delegation.principalWei += row.amount;
        delegation.updatedAtMs = row.timestampMs;
        break;
      case 'undelegate': {
        const removed =
          delegation.shares > 0n
            ? shares >= delegation.shares
              ? delegation.principalWei
              : (delegation.principalWei * shares) / delegation.shares
            : 0n;
        delegation.shares = delegation.shares > shares ? delegation.shares - shares : 0n;
        delegation.principalWei -= removed;
        delegation.updatedAtMs = row.timestampMs;
        unbonds.push({
          validator,
          amountWei: row.amount,
          shares,
          unlockTimeMs: row.unlockTimeMs,
          updatedAtMs: row.timestampMs,
        });
        break;
      }
      case 'claim': {
        let remaining = row.amount;
        for (let i = 0; i < unbonds.length && remaining > 0n;) {
          const unbond = unbonds[i];
          if (unbond.validator === validator && unbond.amountWei <= remaining) {
            remaining -= unbond.amountWei;
            unbonds.splice(i, 1);
          } else if (unbond.validator === validator) {
            break;
          } else {
            i++;
          }
        }
        break;
      }
      default:
        break;
    }
  }
  return { delegations, unbonds };
}

/**
 * The delegator's holdings as the node reported them at the end of the row's block. A delegation whose
 * shares are those folded so far (its whole history indexed) keeps its principal and date; any other
 * has its history before the start block, unknown here, so its principal is what its shares were worth
 * at the observation and rewards count from there. Unbonds are the node's, each keeping the date of
 * the folded undelegation it matches.
 */
function applyObservation(
  delegations: Map<string, EvmDelegation>,
  unbonds: EvmUnbond[],
  row: StakeOperationRow,
): void {
  const o = row.observed;
  if (!o || !('delegations' in o)) return; // a Tron observation has no place in an EVM fold
  const folded = new Map(delegations);
  delegations.clear();
  for (const d of o.delegations) {
    const shares = BigInt(d.shares);
    const known = folded.get(d.validator);
    delegations.set(
      d.validator,
      known && known.shares === shares
        ? known
        : { validator: d.validator, shares, principalWei: BigInt(d.pooledWei), updatedAtMs: row.timestampMs },
    );
  }
  const known = [...unbonds];
  const observed = o.unbonds.map((u) => {
    const amountWei = BigInt(u.amountWei);
    const i = known.findIndex(
      (k) => k.validator === u.validator && k.amountWei === amountWei && k.unlockTimeMs === u.unlockTimeMs,
    );
    return {
      validator: u.validator,
      amountWei,
      shares: BigInt(u.shares),
      unlockTimeMs: u.unlockTimeMs,
      updatedAtMs: i === -1 ? row.timestampMs : known.splice(i, 1)[0]!.updatedAtMs,
    };
  });
  unbonds.splice(0, unbonds.length, ...observed);
}
