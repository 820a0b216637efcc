/**
 * Bounds the metadata documents one API process fetches at once, per API key and in all
 * (docs/architecture.md §11): every new tokenId is an outbound fetch a tenant chooses, so without a bound one
 * key's tokenURIs on hanging hosts would hold sockets and deadlines for everyone. Never waits: a fetch over
 * either bound is not made (`tryAcquire` answers null), and the caller answers without it.
 */
export class MetadataFetchSlots {
  private readonly byKey = new Map<string, number>();
  private total = 0;

  constructor(
    readonly perKey: number,
    readonly inAll: number,
  ) {}

  /** A release function when `key` and the process both have room, else null. Release exactly once. */
  tryAcquire(key: string): (() => void) | null {
    const held = this.byKey.get(key) ?? 0;
    if (held >= this.perKey || this.total >= this.inAll) return null;
    this.byKey.set(key, held + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byKey.get(key) ?? 1) - 1;
      if (left > 0) this.byKey.set(key, left);
      else this.byKey.delete(key);
    };
  }
}
