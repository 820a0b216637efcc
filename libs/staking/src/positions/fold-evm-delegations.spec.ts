import { foldEvmDelegations } from './fold-evm-delegations';
import type { DelegationsObservedData } from '@chainwire/chain-events';
import { type StakeOperationRow, withObservation } from './stake-operation-row';

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

  describe('from an observation', () => {
    const observation = (
      timestampSeconds: number,
      delegations: DelegationsObservedData['delegations'],
      unbonds: DelegationsObservedData['unbonds'] = [],
    ): DelegationsObservedData => ({
      chain: 'smartchain',
      owner: '0xowner',
      blockNumber: '0',
      blockHash: '0xblock',
      timestamp: timestampSeconds,
      delegations,
      unbonds,
    });

    it('given history before the start block, takes the value at the observation as principal', () => {
      // When: the delegator's only indexed operation is an undelegation of shares delegated before.
      const state = foldEvmDelegations(
        withObservation(
          [row('undelegate', 'A', 60n, 50n, 7000, 1000)],
          observation(
            2,
            [{ validator: 'A', shares: '150', pooledWei: '165' }],
            [{ validator: 'A', shares: '50', amountWei: '60', unlockTimeMs: 7000 }],
          ),
        ),
      );
      // Then: what the node said stands; the unbond keeps its undelegation's date.
      expect(state.delegations.get('A')).toEqual({
        validator: 'A',
        shares: 150n,
        principalWei: 165n,
        updatedAtMs: 2000,
      });
      expect(state.unbonds).toEqual([
        { validator: 'A', amountWei: 60n, shares: 50n, unlockTimeMs: 7000, updatedAtMs: 1000 },
      ]);
    });

    it('given the whole history indexed, keeps its principal and dates where the node agrees', () => {
      const state = foldEvmDelegations(
        withObservation(
          [row('delegate', 'A', 100n, 100n, null, 1000), row('delegate', 'B', 10n, 10n, null, 1500)],
          // The node holds A's shares, now worth more, and none of B's (undelegated and claimed before
          // the start block, say): B is gone.
          observation(3, [{ validator: 'A', shares: '100', pooledWei: '120' }]),
        ),
      );
      expect([...state.delegations.values()]).toEqual([
        { validator: 'A', shares: 100n, principalWei: 100n, updatedAtMs: 1000 },
      ]);
      expect(state.unbonds).toEqual([]);
    });

    it('folds the operations after the observation onto it', () => {
      const rows = withObservation(
        [row('delegate', 'A', 100n, 100n, null, 1000)],
        observation(2, [{ validator: 'A', shares: '300', pooledWei: '330' }]),
      );
      const state = foldEvmDelegations([
        ...rows,
        { ...row('undelegate', 'A', 110n, 100n, 9000, 4000), blockNumber: 1n },
      ]);
      // A third of the shares out: a third of the observed principal goes with them.
      expect(state.delegations.get('A')).toMatchObject({
        shares: 200n,
        principalWei: 220n,
        updatedAtMs: 4000,
      });
      expect(state.unbonds).toEqual([
        { validator: 'A', amountWei: 110n, shares: 100n, unlockTimeMs: 9000, updatedAtMs: 4000 },
      ]);
    });
  });
});
