/**
 * One run of `work` per key at a time: callers that ask for a key while its run is in flight share its
 * promise (a node read many concurrent first requests need once). With `keepMs`, a run that succeeded
 * answers its key for that long after (at most `maxKept` keys), so requests a little apart share it too.
 */
export class SingleFlight<V> {
  private readonly running = new Map<string, Promise<V>>();
  private readonly kept = new Map<string, { value: V; until: number }>();

  constructor(private readonly options: { keepMs?: number; maxKept?: number } = {}) {}

  run(key: string, work: () => Promise<V>): Promise<V> {
    const kept = this.kept.get(key);
    if (kept && kept.until > Date.now()) return Promise.resolve(kept.value);
    let promise = this.running.get(key);
    if (!promise) {
      promise = work()
        .then((value) => {
          this.keep(key, value);
          return value;
        })
        .finally(() => this.running.delete(key));
      this.running.set(key, promise);
    }
    return promise;
  }

  private keep(key: string, value: V): void {
    const { keepMs, maxKept = 10_000 } = this.options;
    if (!keepMs) return;
    if (this.kept.size >= maxKept) this.kept.clear();
    this.kept.set(key, { value, until: Date.now() + keepMs });
  }
}
