import type { EventStore, NewEvent } from '@chainwire/event-store';
import {
  BLOCK_INDEXED,
  type ChainEvent,
  STAKE_OPERATION_OBSERVED,
  STAKE_OPERATION_REVERTED,
  type StakeOperationObservedData,
} from '@chainwire/chain-events';
import { INCARNATION_KEY, type WindowBlock } from '../evm/chain-stream-state';

/** The stake-operation events of the shared contract (libs/chain-events stake-operations.ts), as stream events. */
export interface StakeOperationObserved {
  readonly type: typeof STAKE_OPERATION_OBSERVED;
  readonly data: StakeOperationObservedData;
}
export interface StakeOperationReverted {
  readonly type: typeof STAKE_OPERATION_REVERTED;
  readonly data: StakeOperationObservedData;
}
/** What the Tron indexer appends to `chain-tron`. */
export type TronChainEvent = ChainEvent | StakeOperationObserved | StakeOperationReverted;
export type NewTronChainEvent = NewEvent<TronChainEvent>;

/** A window block's key: its hash and incarnation (a hash indexed again after a revert is a new block). */
export const windowKey = (block: Pick<WindowBlock, 'hash' | 'incarnation'>): string =>
  `${block.hash}|${block.incarnation}`;

/**
 * The stake operations of the revertible window's blocks, read back from the stream's tail (a restart
 * must revert them like transfers): chunks backwards until the window's first block is in, then replayed
 * forwards, each operation to the block whose BlockIndexed it follows.
 */
export async function loadStakeWindow(
  store: EventStore,
  stream: string,
  version: bigint,
  window: readonly WindowBlock[],
): Promise<Map<string, StakeOperationObservedData[]>> {
  const byBlock = new Map<string, StakeOperationObservedData[]>();
  if (window.length === 0 || version < 0n) return byBlock;
  const wanted = new Set(window.map(windowKey));
  const first = windowKey(window[0]);
  let events: Awaited<ReturnType<typeof store.readStream<TronChainEvent>>> = [];
  let position = version + 1n;
  let chunk = 1_000n;
  while (position > 0n) {
    const from = position - chunk > 0n ? position - chunk : 0n;
    const older = await store.readStream<TronChainEvent>(stream, { from, limit: Number(position - from) });
    events = older.concat(events);
    position = from;
    const found = older.some(
      (e) =>
        e.type === BLOCK_INDEXED &&
        windowKey({ hash: e.data.hash, incarnation: String(e.metadata?.[INCARNATION_KEY] ?? '') }) === first,
    );
    if (found) break;
    chunk *= 2n;
  }
  let current: string | undefined;
  for (const e of events) {
    if (e.type === BLOCK_INDEXED) {
      current = windowKey({ hash: e.data.hash, incarnation: String(e.metadata?.[INCARNATION_KEY] ?? '') });
    } else if (e.type === STAKE_OPERATION_OBSERVED && current && wanted.has(current)) {
      byBlock.set(current, [...(byBlock.get(current) ?? []), e.data]);
    }
  }
  return byBlock;
}
