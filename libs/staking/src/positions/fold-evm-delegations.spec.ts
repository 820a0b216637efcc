import { foldEvmDelegations } from './fold-evm-delegations';
import type { StakeOperationRow } from './stake-operation-row';

const row = (
  operation: StakeOperationRow['operation'],
  validator: string,
  amount: bigint,
  shares: bigint | null = null,
  unlockTimeMs: number | null = null,
  timestampMs = 0,
): StakeOperationRow => ({
  operation,
  validator,
  amount,
  shares,
  unlockTimeMs,
  resource: null,
  receiver: null,
  votes: null,
  timestampMs,
  blockNumber: 0n,
  observed: null,
});

describe('foldEvmDelegations', () => {
  it('adds delegations, removes the undelegated fraction of principal and queues the unbond', () => {
    const state = foldEvmDelegations([
      row('delegate', 'A', 2000n, 2000n, null, 1000),
      row('delegate', 'A', 1000n, 900n, null, 2000),
      row('undelegate', 'A', 1100n, 1450n, 5000, 3000),
    ]);
    // 3000 wei for 2900 shares; half the shares out → principal 3000 × 1450 / 2900 = 1500 removed.
    expect(state.delegations.get('A')).toEqual({
      validator: 'A',
      shares: 1450n,
      principalWei: 1500n,
      updatedAtMs: 3000,
    });
    expect(state.unbonds).toEqual([
      { validator: 'A', amountWei: 1100n, shares: 1450n, unlockTimeMs: 5000, updatedAtMs: 3000 },
    ]);
  });

  it('rounds the removed principal down and clears it with the last share', () => {
    const state = foldEvmDelegations([
      row('delegate', 'A', 10n, 3n),
      row('undelegate', 'A', 3n, 1n),
      row('undelegate', 'A', 8n, 2n),
    ]);
    expect(state.delegations.get('A')).toMatchObject({ validator: 'A', shares: 0n, principalWei: 0n });
  });

  it("pays a validator's oldest unbonds whole on claim, leaving other validators' and later ones", () => {
    const state = foldEvmDelegations([
      row('delegate', 'A', 100n, 100n),
      row('delegate', 'B', 100n, 100n),
      row('undelegate', 'A', 10n, 10n, 1),
      row('undelegate', 'B', 20n, 20n, 2),
      row('undelegate', 'A', 30n, 30n, 3),
      row('undelegate', 'A', 40n, 40n, 4),
      row('claim', 'A', 40n),
    ]);
    expect(state.unbonds.map((u) => [u.validator, u.amountWei])).toEqual([
      ['B', 20n],
      ['A', 40n],
    ]);
  });

  it('dates a delegation by its last delegate or undelegate, and each unbond by its undelegation', () => {
    const state = foldEvmDelegations([
      row('delegate', 'A', 100n, 100n, null, 1000),
      row('delegate', 'B', 100n, 100n, null, 2000),
      row('undelegate', 'A', 10n, 10n, 9000, 3000),
      row('delegate', 'B', 50n, 50n, null, 4000),
      row('undelegate', 'A', 20n, 20n, 9500, 5000),
      // The claim pays A's first unbond: it changes no delegation and dates nothing.
      row('claim', 'A', 10n, null, null, 6000),
    ]);
    expect(state.delegations.get('A')?.updatedAtMs).toBe(5000);
    expect(state.delegations.get('B')?.updatedAtMs).toBe(4000);
    expect(state.unbonds.map((u) => [u.validator, u.updatedAtMs])).toEqual([['A', 5000]]);
  });
});
