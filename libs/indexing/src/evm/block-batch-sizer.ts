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
 */
export class BlockBatchSizer {
  private eventsPerBlock?: number;

  constructor(private readonly maxBlocks: number) {}

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
    const span =
      this.eventsPerBlock === undefined
        ? FIRST_SPAN
        : Math.floor(TARGET_EVENTS_PER_BATCH / Math.max(1, this.eventsPerBlock));
    return BigInt(Math.min(this.maxBlocks, Math.max(1, span)));
  }
}
