import { type EventStore, type NewEvent, WrongExpectedVersionError } from '@chainwire/event-store';
import type { BackfillProgress, BatchProgress } from './window/backfill-progress';
import {
  BLOCK_INDEXED,
  BLOCK_REVERTED,
  chainEventId,
  chainStream,
  OBSERVED_EVENT_ID_KEY,
  TRANSACTION_OBSERVED,
  TRANSACTION_REVERTED,
  TRANSFER_OBSERVED,
  TRANSFER_REVERTED,
  type BlockIndexedData,
  type ChainEvent,
  type StakeOperationEvent,
  type TransferReverted,
  watchedTransactionRef,
} from '@chainwire/chain-events';
import { type ChainStreamState, INCARNATION_KEY, type WindowBlock } from './window/chain-stream-state';
import { stakeObservedEvents, stakeRevertedEvents } from './evm/staking/stake-operation-events';
import { chunkByBytes } from './append-byte-limit';

/*
 * The events of one window block, for every chain's indexer (docs/architecture.md §3, §6): ids are
 * deterministic (type, chain, block hash, ref and the block's incarnation), so a re-append after a
 * crash is a no-op; each revert names the id of the event it undoes.
 */

/** A window block's events as appended: the block, its transfers, stake operations and watched transactions. */
export function windowBlockEvents(
  chain: string,
  block: WindowBlock,
): NewEvent<ChainEvent | StakeOperationEvent>[] {
  const data = blockData(chain, block);
  const events: NewEvent<ChainEvent | StakeOperationEvent>[] = [
    {
      id: chainEventId(BLOCK_INDEXED, chain, block.hash, block.incarnation),
      type: BLOCK_INDEXED,
      data,
      ...(block.incarnation ? { metadata: { [INCARNATION_KEY]: block.incarnation } } : {}),
    },
  ];
  for (const transfer of block.transfers) {
    events.push({
      id: chainEventId(TRANSFER_OBSERVED, chain, block.hash, transfer.ref + block.incarnation),
      type: TRANSFER_OBSERVED,
      data: transfer,
    });
  }
  events.push(...stakeObservedEvents(chain, block.hash, block.incarnation, block.stakeOperations));
  for (const tx of block.watched ?? []) {
    events.push({
      id: chainEventId(
        TRANSACTION_OBSERVED,
        chain,
        block.hash,
        watchedTransactionRef(tx.txHash) + block.incarnation,
      ),
      type: TRANSACTION_OBSERVED,
      data: tx,
    });
  }
  return events;
}

/** The block's stake operations, watched transactions and transfers undone (newest first, same payloads), then the block itself. */
export function windowBlockReverts(
  chain: string,
  block: WindowBlock,
): NewEvent<ChainEvent | StakeOperationEvent>[] {
  const events: NewEvent<ChainEvent | StakeOperationEvent>[] = stakeRevertedEvents(
    chain,
    block.hash,
    block.incarnation,
    block.stakeOperations,
  );
  for (const tx of [...(block.watched ?? [])].reverse()) {
    const ref = watchedTransactionRef(tx.txHash) + block.incarnation;
    events.push({
      id: chainEventId(TRANSACTION_REVERTED, chain, block.hash, ref),
      type: TRANSACTION_REVERTED,
      data: tx,
      metadata: { [OBSERVED_EVENT_ID_KEY]: chainEventId(TRANSACTION_OBSERVED, chain, block.hash, ref) },
    });
  }
  events.push(
    ...[...block.transfers].reverse().map((transfer): NewEvent<TransferReverted> => ({
      id: chainEventId(TRANSFER_REVERTED, chain, block.hash, transfer.ref + block.incarnation),
      type: TRANSFER_REVERTED,
      data: transfer,
      metadata: {
        [OBSERVED_EVENT_ID_KEY]: chainEventId(
          TRANSFER_OBSERVED,
          chain,
          block.hash,
          transfer.ref + block.incarnation,
        ),
      },
    })),
  );
  const data = blockData(chain, block);
  events.push({
    id: chainEventId(BLOCK_REVERTED, chain, block.hash, block.incarnation),
    type: BLOCK_REVERTED,
    data,
  });
  return events;
}

function blockData(chain: string, block: WindowBlock): BlockIndexedData {
  return {
    chain,
    number: block.number.toString(),
    hash: block.hash,
    parentHash: block.parentHash,
    timestamp: block.timestamp,
  };
}

/** What one indexer step appended. */
export interface WindowStepAppended {
  /** Transfers of the new blocks. */
  readonly transfers: number;
  /** Serialised bytes of every event appended (serialisedEventBytes). */
  readonly bytes: number;
  /** Appends made: more than one when the step's events exceed `maxAppendBytes`. */
  readonly appends: number;
}

/**
 * Appends one indexer step with the stream version as expected version: the orphans' reverts (newest
 * first), then the new blocks' events. Then moves `state` along: orphans out of the window (their hashes
 * remembered, so that indexing one again takes fresh ids), new blocks in, the window cut to `windowSize`.
 *
 * The events go in appends of at most `maxAppendBytes` (EVENT_STORE_MAX_APPEND_BYTES), each expecting the
 * revision the one before it left. They are cut only between blocks (and between orphans' reverts): the
 * stream's state is read back from BlockIndexed followed by its block's events (loadChainStreamState), so a
 * crash between two appends must leave whole blocks, which a restart resumes after. A block alone over the
 * limit is appended alone and refused by a server whose limit it exceeds.
 */
export async function appendWindowStep(
  store: EventStore,
  chain: string,
  state: ChainStreamState,
  step: { orphans: readonly WindowBlock[]; indexed: readonly WindowBlock[] },
  windowSize: number,
  maxAppendBytes: number,
): Promise<WindowStepAppended> {
  const { orphans, indexed } = step;
  const stream = chainStream(chain);
  const groups = [
    ...[...orphans].reverse().map((orphan) => windowBlockReverts(chain, orphan)),
    ...indexed.map((block) => windowBlockEvents(chain, block)),
  ];
  const chunks = chunkByBytes(groups, maxAppendBytes);
  let bytes = 0;
  for (const chunk of chunks) {
    const result = await store.appendToStream(stream, chunk.events, { expectedVersion: state.version });
    if (result.appended !== chunk.events.length) {
      // Our ids were stored already, so another writer appended these very blocks: a second indexer.
      throw new WrongExpectedVersionError(stream, state.version, await store.streamVersion(stream));
    }
    state.version = result.nextExpectedVersion;
    bytes += chunk.bytes;
  }
  for (const orphan of orphans) state.revertedHashes.add(orphan.hash);
  state.window = state.window.filter((b) => !orphans.includes(b)).concat(indexed);
  if (state.window.length > windowSize) {
    state.window = state.window.slice(-windowSize);
    state.complete = false;
  }
  return {
    transfers: indexed.reduce((n, block) => n + block.transfers.length, 0),
    bytes,
    appends: chunks.length,
  };
}

/** The lines one indexer step logs: the backfill progress line when one is due, and any reorg. */
export function windowStepLog(
  chain: string,
  progress: BackfillProgress,
  batch: BatchProgress,
  orphans: readonly WindowBlock[],
): string[] {
  const lines: string[] = [];
  const line = progress.record(batch);
  if (line) lines.push(line);
  if (orphans.length) {
    lines.push(`indexer ${chain}: reorg reverted ${orphans.length} block(s) from ${orphans[0].number}`);
  }
  return lines;
}
