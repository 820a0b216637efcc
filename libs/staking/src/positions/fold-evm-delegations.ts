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
 * - claim pays the validator's oldest unbonds whole, as StakeCredit does, up to the claimed amount.
 * Never throws: the operations are facts, whatever their order.
 */
export function foldEvmDelegations(rows: readonly StakeOperationRow[]): EvmStakingState {
  const delegations = new Map<string, EvmDelegation>();
  const unbonds: EvmUnbond[] = [];
  for (const row of rows) {
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
