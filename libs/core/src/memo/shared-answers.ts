/**
 * Answers that depend on a key alone (a chain, a node), never on the caller, served from memory for
 * `ttlMs` with one read in flight per key: callers arriving while it runs share it. A failed read is not
 * kept, so the next caller asks again. Keys are compared as Map keys (strings, or long-lived objects
 * such as a chain's client).
 */
export class SharedAnswers<K, T> {
  private readonly answers = new Map<K, { value: Promise<T>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, read: () => Promise<T>): Promise<T> {
    const held = this.answers.get(key);
    // expiresAt is Infinity while the read runs: concurrent callers join it.
    if (held && held.expiresAt > this.now()) return held.value;
    const entry = { value: read(), expiresAt: Infinity };
    this.answers.set(key, entry);
    entry.value.then(
      () => {
        entry.expiresAt = this.now() + this.ttlMs;
      },
      () => {
        if (this.answers.get(key) === entry) this.answers.delete(key);
      },
    );
    return entry.value;
  }
}
