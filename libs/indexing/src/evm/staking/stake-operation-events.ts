import type { NewEvent } from '@chainwire/event-store';
import {
  chainEventId,
  OBSERVED_EVENT_ID_KEY,
  STAKE_OPERATION_OBSERVED,
  STAKE_OPERATION_REVERTED,
  type StakeOperationEvent,
  type StakeOperationObservedData,
} from '@chainwire/chain-events';

/** StakeOperationObserved per operation, ids seeded by ref and the block's incarnation (docs/architecture.md §3). */
export function stakeObservedEvents(
  chain: string,
  blockHash: string,
  incarnation: string,
  operations: readonly StakeOperationObservedData[],
): NewEvent<StakeOperationEvent>[] {
  return operations.map((data) => ({
    id: chainEventId(STAKE_OPERATION_OBSERVED, chain, blockHash, data.ref + incarnation),
    type: STAKE_OPERATION_OBSERVED,
    data,
  }));
}

/** The operations undone, newest first, each naming the id of the event it reverts. */
export function stakeRevertedEvents(
  chain: string,
  blockHash: string,
  incarnation: string,
  operations: readonly StakeOperationObservedData[],
): NewEvent<StakeOperationEvent>[] {
  return [...operations].reverse().map((data) => ({
    id: chainEventId(STAKE_OPERATION_REVERTED, chain, blockHash, data.ref + incarnation),
    type: STAKE_OPERATION_REVERTED,
    data,
    metadata: {
      [OBSERVED_EVENT_ID_KEY]: chainEventId(
        STAKE_OPERATION_OBSERVED,
        chain,
        blockHash,
        data.ref + incarnation,
      ),
    },
  }));
}
