/**
 * How long a chain's fee answer is served from memory (docs/architecture.md §16). The answer depends on
 * the chain alone, never on the caller, and moves with blocks: for this long a burst of fee requests
 * from every key reads the node once, at the price of levels up to this old (a fraction of Ethereum's
 * block time; fees are estimates with headroom anyway).
 */
export const FEE_ANSWER_TTL_MS = 2_000;

/**
 * Answers per chain for `ttlMs`, with one read in flight per chain: callers arriving while it runs share
 * it. A failed read is not kept, so the next request asks the node again.
 */
export class FeeAnswerCache<T> {
  private readonly answers = new Map<string, { value: Promise<T>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(chain: string, read: () => Promise<T>): Promise<T> {
    const held = this.answers.get(chain);
    // expiresAt is Infinity while the read runs: concurrent callers join it.
    if (held && held.expiresAt > this.now()) return held.value;
    const entry = { value: read(), expiresAt: Infinity };
    this.answers.set(chain, entry);
    entry.value.then(
      () => {
        entry.expiresAt = this.now() + this.ttlMs;
      },
      () => {
        if (this.answers.get(chain) === entry) this.answers.delete(chain);
      },
    );
    return entry.value;
  }
}
