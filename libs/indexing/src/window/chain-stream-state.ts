import { type EventStore, NO_STREAM, type RecordedEvent } from '@chainwire/event-store';
import {
  BLOCK_INDEXED,
  BLOCK_REVERTED,
  type ChainEvent,
  isBlockIndexed,
  STAKE_OPERATION_OBSERVED,
  type StakeOperationEvent,
  type StakeOperationObservedData,
  TRANSACTION_OBSERVED,
  TRANSFER_OBSERVED,
  type TransactionObservedData,
  type TransferObservedData,
} from '@chainwire/chain-events';

/** An indexed block that may still be reorganised away, with what is needed to revert it. */
export interface WindowBlock {
  number: bigint;
  hash: string;
  parentHash: string;
  timestamp: number;
  /** Appended to every event-id seed of this block's events ('' the first time a hash is indexed). */
  incarnation: string;
  transfers: TransferObservedData[];
  /** The block's stake operations (a configured StakeHub's logs), reverted with it. */
  stakeOperations: StakeOperationObservedData[];
  /** Transactions to watched contracts (docs/architecture.md §14); absent when none. */
  watched?: TransactionObservedData[];
}

/** What an indexer resumes from: the stream's version and its canonical tail. */
export interface ChainStreamState {
  version: bigint;
  /** Canonical blocks, ascending; at most `depth` of them, the newest last. */
  window: WindowBlock[];
  /** True when the window holds every block still canonical in the stream (a reorg may revert all). */
  complete: boolean;
  /** The first block ever indexed, if any. */
  firstBlock: bigint | undefined;
  /** Hashes once reverted: indexing one again needs fresh event ids. */
  revertedHashes: Set<string>;
}

/** The key under BlockIndexed metadata that records a block's incarnation. */
export const INCARNATION_KEY = 'incarnation';

/**
 * Rebuilds the unfinalized window from the stream's tail: reads ever larger chunks backwards (by
 * position, forwards within a chunk) until replaying the chunk from its first BlockIndexed yields
 * 2 × `depth` canonical blocks without reverting past that start, or the stream is exhausted.
 *
 * What precedes the first BlockIndexed is the rest of an older block (its transfers, or a revert
 * sequence, which holds no BlockIndexed). Requiring the chunk itself to begin with a BlockIndexed would
 * succeed about once in (events per block) chunks, so on a chain of busy blocks every start read the
 * whole stream back.
 *
 * Why twice the window: a block of the window can be reorganised back to a hash reverted earlier, which
 * then needs fresh event ids (`revertedHashes`). That revert undid at most `depth` blocks (deeper
 * reorgs are refused), so it came after the canonical block `depth` below the window, and a replay that
 * holds that block holds every such revert.
 */
export async function loadChainStreamState(
  store: EventStore,
  stream: string,
  depth: number,
): Promise<ChainStreamState> {
  const version = await store.streamVersion(stream);
  if (version === NO_STREAM) {
    return { version, window: [], complete: true, firstBlock: undefined, revertedHashes: new Set() };
  }
  let events: RecordedEvent<ChainEvent | StakeOperationEvent>[] = [];
  let position = version + 1n;
  let chunk = 2_000n;
  for (;;) {
    const from = position - chunk > 0n ? position - chunk : 0n;
    const older = await store.readStream<ChainEvent | StakeOperationEvent>(stream, {
      from,
      limit: Number(position - from),
    });
    events = older.concat(events);
    position = from;
    const replayed = replay(events, depth);
    if (position === 0n) {
      const first = events.find(isBlockIndexed);
      return {
        version,
        window: replayed.window,
        complete: replayed.window.length === replayed.canonicalCount,
        firstBlock: first ? BigInt(first.data.number) : undefined,
        revertedHashes: replayed.revertedHashes,
      };
    }
    const start = events.findIndex(isBlockIndexed);
    const fromBoundary = start <= 0 ? replayed : replay(events.slice(start), depth);
    if (start >= 0 && !fromBoundary.underflow && fromBoundary.canonicalCount >= 2 * depth) {
      return {
        version,
        window: fromBoundary.window,
        complete: false,
        firstBlock: undefined,
        // Reverts before the first BlockIndexed undid older blocks: remembered all the same.
        revertedHashes: replayed.revertedHashes,
      };
    }
    chunk *= 2n;
  }
}

function replay(events: readonly RecordedEvent<ChainEvent | StakeOperationEvent>[], depth: number) {
  const stack: WindowBlock[] = [];
  const revertedHashes = new Set<string>();
  let underflow = false;
  for (const event of events) {
    if (event.type === BLOCK_INDEXED) {
      const data = event.data;
      stack.push({
        number: BigInt(data.number),
        hash: data.hash,
        parentHash: data.parentHash,
        timestamp: data.timestamp,
        incarnation: String(event.metadata?.[INCARNATION_KEY] ?? ''),
        transfers: [],
        stakeOperations: [],
      });
    } else if (event.type === TRANSFER_OBSERVED) {
      const data = event.data;
      const top = stack[stack.length - 1];
      if (top && top.hash === data.blockHash) top.transfers.push(data);
    } else if (event.type === STAKE_OPERATION_OBSERVED) {
      const data = event.data;
      const top = stack[stack.length - 1];
      if (top && top.hash === data.blockHash) top.stakeOperations.push(data);
    } else if (event.type === TRANSACTION_OBSERVED) {
      const top = stack[stack.length - 1];
      if (top && top.hash === event.data.blockHash) (top.watched ??= []).push(event.data);
    } else if (event.type === BLOCK_REVERTED) {
      const data = event.data;
      revertedHashes.add(data.hash);
      if (stack.length > 0 && stack[stack.length - 1].hash === data.hash) stack.pop();
      else underflow = true;
    }
  }
  return {
    window: stack.slice(-Math.max(depth, 1)),
    canonicalCount: stack.length,
    underflow,
    revertedHashes,
  };
}
