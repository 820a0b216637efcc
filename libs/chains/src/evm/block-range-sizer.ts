/**
 * The eth_getLogs block span, adapted to the node: halved when a response is too large (or set to the
 * span the node suggests), grown by half after each success, within [1, max].
 */
export class BlockRangeSizer {
  private current: bigint;

  constructor(
    initial = 2_000n,
    private readonly max = 100_000n,
  ) {
    this.current = initial < 1n ? 1n : initial > max ? max : initial;
  }

  get size(): bigint {
    return this.current;
  }

  /** After a too-large response for a range of `span` blocks; false when the range was one block already. */
  shrink(span: bigint, suggested?: bigint): boolean {
    if (span <= 1n) return false;
    const halved = span / 2n;
    this.current = suggested !== undefined && suggested < span ? suggested : halved;
    if (this.current < 1n) this.current = 1n;
    return true;
  }

  grow(): void {
    const grown = this.current + this.current / 2n + 1n;
    this.current = grown > this.max ? this.max : grown;
  }
}
