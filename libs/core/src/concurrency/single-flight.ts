/**
 * One run of `work` per key at a time: callers that ask for a key while its run is in flight share its
 * promise (a node read many concurrent first requests need once). Nothing is kept after it settles.
 */
export class SingleFlight<V> {
  private readonly running = new Map<string, Promise<V>>();

  run(key: string, work: () => Promise<V>): Promise<V> {
    let promise = this.running.get(key);
    if (!promise) {
      promise = work().finally(() => this.running.delete(key));
      this.running.set(key, promise);
    }
    return promise;
  }
}
