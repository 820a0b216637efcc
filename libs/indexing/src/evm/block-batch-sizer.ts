import type { FetchedBlock } from './block-transfers';

/** Events one append aims at: large enough that per-append costs vanish, small enough to pipeline. */
export const TARGET_EVENTS_PER_BATCH = 4_000;
/** Most blocks per batch unless configured otherwise: the span of a quiet chain's batches. */
export const DEFAULT_MAX_BLOCKS_PER_BATCH = 200;
/** Blocks per batch before the chain's density is known. */
const FIRST_SPAN = 20;

/**
 * Blocks per batch sized to the chain's density (docs/architecture.md §6): a chain of a few transfers
 * per block is read in long ranges, one of thousands per block in short ones, so every append carries
 * about TARGET_EVENTS_PER_BATCH events. The density is a running average of the batches appended.
 * Bytes cap a batch too: once appends have shown the chain's bytes per block, a batch aims at no more than
 * `maxAppendBytes` (EVENT_STORE_MAX_APPEND_BYTES), so that it goes in one append; appendWindowStep splits
 * any batch that still exceeds it (a denser stretch) between blocks.
 */
export class BlockBatchSizer {
  private eventsPerBlock?: number;
  private bytesPerBlock?: number;

  constructor(
    private readonly maxBlocks: number,
    private readonly maxAppendBytes: number,
  ) {}

  /** Records the serialised bytes a batch of `blocks` appended. */
  recordBytes(blocks: number, bytes: number): void {
    if (blocks <= 0) return;
    const density = bytes / blocks;
    this.bytesPerBlock = this.bytesPerBlock === undefined ? density : (this.bytesPerBlock + density) / 2;
  }

  record(blocks: number, events: number): void {
    if (blocks <= 0) return;
    const density = events / blocks;
    this.eventsPerBlock = this.eventsPerBlock === undefined ? density : (this.eventsPerBlock + density) / 2;
  }

  /** Records a range as read: its transactions and token logs stand for the events it will append. */
  recordRange(fetched: readonly FetchedBlock[]): void {
    this.record(
      fetched.length,
      fetched.reduce((n, b) => n + b.logs.length + b.block.transactions.length, 0),
    );
  }

  /** The next batch's number of blocks, from 1 to maxBlocks. */
  span(): bigint {
    const byEvents =
      this.eventsPerBlock === undefined
        ? FIRST_SPAN
        : Math.floor(TARGET_EVENTS_PER_BATCH / Math.max(1, this.eventsPerBlock));
    const byBytes =
      this.bytesPerBlock === undefined
        ? Infinity
        : Math.floor(this.maxAppendBytes / Math.max(1, this.bytesPerBlock));
    return BigInt(Math.min(this.maxBlocks, Math.max(1, Math.min(byEvents, byBytes))));
  }
}
