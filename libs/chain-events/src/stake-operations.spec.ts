import {
  isStakeOperationEvent,
  isStakeOperationObserved,
  isStakeOperationReverted,
  STAKE_OPERATION_OBSERVED,
  STAKE_OPERATION_REVERTED,
} from './stake-operations';
import { TRANSFER_OBSERVED } from './chain-events';

describe('stake operation guards', () => {
  const observed = { type: STAKE_OPERATION_OBSERVED, data: {} };
  const reverted = { type: STAKE_OPERATION_REVERTED, data: {} };
  const transfer = { type: TRANSFER_OBSERVED, data: {} };

  it('narrow by type', () => {
    expect([observed, reverted, transfer].map((e) => isStakeOperationObserved(e))).toEqual([
      true,
      false,
      false,
    ]);
    expect([observed, reverted, transfer].map((e) => isStakeOperationReverted(e))).toEqual([
      false,
      true,
      false,
    ]);
    expect([observed, reverted, transfer].map((e) => isStakeOperationEvent(e))).toEqual([true, true, false]);
  });
});
