/**
 * Attempts this dispatcher has in flight, per API key and per target host, and the room each has left
 * under its bound (docs/architecture.md §8). The claim takes at most that room from each, so a tenant whose
 * endpoints are slow or dead holds at most its bound and leaves the rest of the capacity to others.
 */
export class InFlightLimits {
  private readonly byKey = new Map<string, number>();
  private readonly byHost = new Map<string, number>();

  constructor(
    readonly perKey: number,
    readonly perHost: number,
  ) {}

  add(key: string, host: string): void {
    this.byKey.set(key, (this.byKey.get(key) ?? 0) + 1);
    this.byHost.set(host, (this.byHost.get(host) ?? 0) + 1);
  }

  /** Returns whether the key or the host was at its bound before this attempt ended (a claim may now take more). */
  remove(key: string, host: string): boolean {
    const wasFull = (this.byKey.get(key) ?? 0) >= this.perKey || (this.byHost.get(host) ?? 0) >= this.perHost;
    decrement(this.byKey, key);
    decrement(this.byHost, host);
    return wasFull;
  }

  /** Room left for the keys and hosts with attempts in flight; any other has its full bound. */
  rooms(): ClaimRooms {
    return {
      perKey: this.perKey,
      perHost: this.perHost,
      keys: [...this.byKey].map(([id, n]) => ({ id, room: this.perKey - n })),
      hosts: [...this.byHost].map(([id, n]) => ({ id, room: this.perHost - n })),
    };
  }
}

export interface ClaimRooms {
  perKey: number;
  perHost: number;
  keys: readonly { id: string; room: number }[];
  hosts: readonly { id: string; room: number }[];
}

function decrement(map: Map<string, number>, id: string): void {
  const n = (map.get(id) ?? 0) - 1;
  if (n > 0) map.set(id, n);
  else map.delete(id);
}
