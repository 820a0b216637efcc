import { Resolver } from 'node:dns/promises';

/** One address of a resolved host name. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses (a CachingResolver's `resolve`; tests may inject another). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export interface CachingResolverOptions {
  /** `host[:port]` of the DNS servers; empty: the system's (resolv.conf). */
  servers?: readonly string[];
  /** Per-try timeout of a query. Default 2,500 ms. */
  timeoutMs?: number;
  /** Tries per query. Default 2. */
  tries?: number;
  /** Answers are kept for their TTL, but never longer than this. Default 300 s. */
  maxTtlMs?: number;
  /** How long "no such host" / "no address" is remembered. Default 30 s. */
  negativeTtlMs?: number;
  /**
   * How long a name whose lookup timed out is refused without a new query (whichever side is blamed).
   * Default 0: asked again at once (the dispatcher, whose claims already bound what one name holds).
   */
  timeoutTtlMs?: number;
  /** The error for a resolver that does not serve us at all; default ResolverUnavailableError. */
  resolverDown?: (message: string) => Error;
  now?: () => number;
}

/** A name-specific DNS failure: the resolver answered, the target's name has no usable address. */
export class HostNotFoundError extends Error {
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`host not found: ${host} (${reason})`);
    this.name = 'HostNotFoundError';
  }
}

/** The resolver itself did not serve us (down, refusing, cancelled), whatever the name. */
export class ResolverUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResolverUnavailableError';
  }
}

interface CacheEntry {
  expiresAt: number;
  addresses?: ResolvedAddress[];
  error?: Error;
}

/** c-ares codes that mean the resolver itself did not serve us, whatever the name. */
const RESOLVER_DOWN = new Set(['ECONNREFUSED', 'EREFUSED', 'ECANCELLED', 'EDESTRUCTION', 'ENOMEM']);
/** Codes of an answer about the name: it is the target's problem. */
const NAME_FAILURES: Record<string, string> = {
  ENOTFOUND: 'no such domain',
  ENODATA: 'no A or AAAA record',
  ESERVFAIL: 'its name servers failed',
  EBADRESP: 'malformed answer',
  EFORMERR: 'malformed query',
  EBADNAME: 'not a valid host name',
};

/**
 * Resolves outbound host names (webhooks, NFT metadata, the price API) with c-ares (`dns.Resolver`)
 * instead of `dns.lookup`: lookups run on libuv's 4-thread pool, so four targets whose name servers never
 * answer would hold every thread for their whole timeout and stall every name lookup of the process, the
 * database's and the nodes' included (docs/architecture.md §8). Answers are cached for their TTL, failures
 * for a short while; concurrent lookups of one name share one query.
 *
 * A timeout is judged by whether the resolver answers at all: when it answered any query since this one
 * began, or answers a probe for the root zone, the name is at fault (HostNotFoundError); when it does not,
 * the resolver is (`resolverDown`). `localhost` is loopback (RFC 6761); /etc/hosts is not read.
 */
export class CachingResolver {
  private readonly resolver: Resolver;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly pending = new Map<string, Promise<ResolvedAddress[]>>();
  private readonly now: () => number;
  private readonly resolverDown: (message: string) => Error;
  private lastReplyAt = -Infinity;
  private probe?: Promise<boolean>;

  constructor(private readonly options: CachingResolverOptions = {}) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 2_500, tries: options.tries ?? 2 });
    if (options.servers?.length) this.resolver.setServers([...options.servers]);
    this.now = options.now ?? Date.now;
    this.resolverDown = options.resolverDown ?? ((message) => new ResolverUnavailableError(message));
  }

  resolve = (hostname: string): Promise<ResolvedAddress[]> => {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    if (host === 'localhost' || host.endsWith('.localhost')) {
      return Promise.resolve([
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ]);
    }
    const cached = this.cache.get(host);
    if (cached && cached.expiresAt > this.now()) {
      return cached.error ? Promise.reject(cached.error) : Promise.resolve(cached.addresses!);
    }
    let query = this.pending.get(host);
    if (!query) {
      query = this.query(host).finally(() => this.pending.delete(host));
      this.pending.set(host, query);
    }
    return query;
  };

  /** Stops every query in flight (they fail with the `resolverDown` error). */
  cancel(): void {
    this.resolver.cancel();
  }

  private async query(host: string): Promise<ResolvedAddress[]> {
    const startedAt = this.now();
    const [v4, v6] = await Promise.allSettled([
      this.resolver.resolve4(host, { ttl: true }),
      this.resolver.resolve6(host, { ttl: true }),
    ]);
    const addresses: ResolvedAddress[] = [];
    let ttlSeconds = Infinity;
    for (const [result, family] of [
      [v4, 4],
      [v6, 6],
    ] as const) {
      if (result.status !== 'fulfilled') continue;
      for (const record of result.value) {
        addresses.push({ address: record.address, family });
        ttlSeconds = Math.min(ttlSeconds, record.ttl);
      }
    }
    const codes = [v4, v6].flatMap((r) => (r.status === 'rejected' ? [errorCode(r.reason)] : []));
    if (codes.length < 2 || codes.some((c) => c in NAME_FAILURES)) this.lastReplyAt = this.now();
    if (addresses.length) {
      this.remember(host, { addresses }, Math.min(ttlSeconds * 1000, this.options.maxTtlMs ?? 300_000));
      return addresses;
    }
    const nameFailure = codes.find((c) => c in NAME_FAILURES);
    if (nameFailure) {
      const error = new HostNotFoundError(host, NAME_FAILURES[nameFailure]);
      this.remember(
        host,
        { error },
        nameFailure === 'ESERVFAIL' ? 5_000 : (this.options.negativeTtlMs ?? 30_000),
      );
      throw error;
    }
    if (codes.some((c) => RESOLVER_DOWN.has(c))) {
      throw this.resolverDown(`DNS resolver unavailable (${codes.join(', ')})`);
    }
    // Timed out: whose fault depends on whether the resolver answers anything at all.
    const error =
      this.lastReplyAt >= startedAt || (await this.resolverAnswers())
        ? new HostNotFoundError(host, 'DNS lookup timed out')
        : this.resolverDown('DNS resolver not answering');
    this.remember(host, { error }, this.options.timeoutTtlMs ?? 0);
    throw error;
  }

  private remember(host: string, entry: Omit<CacheEntry, 'expiresAt'>, ttlMs: number): void {
    if (ttlMs <= 0) return;
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(host, { ...entry, expiresAt: this.now() + ttlMs });
  }

  /** Whether the resolver answers a query any working resolver can answer (the root zone's name servers). */
  private resolverAnswers(): Promise<boolean> {
    this.probe ??= this.resolver
      .resolveNs('.')
      .then(
        () => true,
        (error: unknown) => !['ETIMEOUT', ...RESOLVER_DOWN].includes(errorCode(error)),
      )
      .then((answered) => {
        if (answered) this.lastReplyAt = this.now();
        return answered;
      })
      .finally(() => (this.probe = undefined));
    return this.probe;
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN';
}
