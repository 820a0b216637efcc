/** What one indexer batch did, and where the chain is. */
export interface BatchProgress {
  readonly blocks: number;
  readonly transfers: number;
  /** The last block indexed. */
  readonly tip: bigint;
  /** The node's head when the batch was read. */
  readonly head: bigint;
}

/**
 * The progress line of a backfill (docs/architecture.md §6): while an indexer is behind its node, at
 * most one line per interval with the rates over that interval, the distance to the head and an ETA;
 * one line when it catches up after having reported; nothing while it follows the head.
 */
export class BackfillProgress {
  private windowStart?: number;
  private windowBlocks = 0;
  private windowTransfers = 0;
  private startedAt?: number;
  private totalBlocks = 0;
  private totalTransfers = 0;
  private reported = false;

  constructor(
    private readonly chain: string,
    private readonly intervalMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a batch; returns the line to log, if one is due. */
  record(batch: BatchProgress): string | undefined {
    const at = this.now();
    this.windowStart ??= at;
    this.startedAt ??= at;
    this.windowBlocks += batch.blocks;
    this.windowTransfers += batch.transfers;
    this.totalBlocks += batch.blocks;
    this.totalTransfers += batch.transfers;
    const behind = batch.head - batch.tip;
    if (behind <= 0n) {
      const line = this.reported
        ? `indexer ${this.chain}: caught up at block ${batch.tip} (${this.totalBlocks} blocks, ` +
          `${this.totalTransfers} transfers in ${seconds(at - this.startedAt)} s)`
        : undefined;
      this.reset();
      return line;
    }
    const elapsed = at - this.windowStart;
    if (elapsed < this.intervalMs) return undefined;
    const blocksPerSecond = (this.windowBlocks * 1000) / elapsed;
    const transfersPerSecond = (this.windowTransfers * 1000) / elapsed;
    const eta = blocksPerSecond > 0 ? `${Math.ceil(Number(behind) / blocksPerSecond)} s` : 'unknown';
    this.windowStart = at;
    this.windowBlocks = 0;
    this.windowTransfers = 0;
    this.reported = true;
    return (
      `indexer ${this.chain}: backfilling at block ${batch.tip}, ${Math.round(blocksPerSecond)} blocks/s, ` +
      `${Math.round(transfersPerSecond)} transfers/s, ${behind} blocks to head ${batch.head}, ETA ${eta}`
    );
  }

  private reset(): void {
    this.windowStart = undefined;
    this.startedAt = undefined;
    this.windowBlocks = this.windowTransfers = this.totalBlocks = this.totalTransfers = 0;
    this.reported = false;
  }
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}
