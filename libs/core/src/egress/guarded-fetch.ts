import { isIP } from 'node:net';
import {
  CachingResolver,
  HostNotFoundError,
  type ResolvedAddress,
  type ResolveHost,
  ResolverUnavailableError,
} from './caching-resolver';
import { forbiddenAddressReason } from './egress-policy';
import { HttpAnswerCutError, HttpBodyTooLargeError, httpExchange } from './http-exchange';

export interface GuardedFetchOptions {
  /** Allow loopback, private and other internal hosts: this egress kind's own setting (docs/architecture.md §8). */
  readonly allowPrivateTargets: boolean;
  /** One deadline for the whole exchange, redirects included. */
  readonly timeoutMs: number;
  /** Bytes of body read at most; a longer body fails the fetch. */
  readonly maxBytes: number;
  /** Redirects followed, each target checked anew. Default 3. */
  readonly maxRedirects?: number;
  /** How host names are resolved; default the process's shared c-ares resolver (defaultEgressResolver). */
  readonly resolve?: ResolveHost;
}

export interface GuardedResponse {
  readonly body: Buffer;
  readonly contentType: string | null;
}

/** Why a guarded fetch failed, in words fit for an API message (no secrets, no stack). */
export class GuardedFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GuardedFetchError';
  }
}

/**
 * GET over http(s) under the egress policy (docs/architecture.md §8): the host is resolved once, every
 * address is checked, the connection is pinned to a checked address and its peer checked again; each
 * redirect is a new target checked the same way; one deadline and a byte cap bound the exchange.
 * Hand-written because fetch() exposes neither the resolved addresses nor the connected peer.
 */
export async function guardedFetch(url: string, options: GuardedFetchOptions): Promise<GuardedResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let target = parseTarget(url);
  for (let redirects = 0; ; redirects++) {
    try {
      const address = await vettedAddress(target, options.allowPrivateTargets, deadline, options.resolve);
      const answer = await pinnedGet(target, address, options, deadline);
      if (answer.location !== null) {
        if (redirects >= (options.maxRedirects ?? 3)) throw new GuardedFetchError('too many redirects');
        target = parseTarget(new URL(answer.location, target).toString());
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) throw new GuardedFetchError(`HTTP ${answer.status}`);
      return { body: answer.body, contentType: answer.contentType };
    } catch (error) {
      if (deadline.aborted) throw new GuardedFetchError(`no answer within ${options.timeoutMs} ms`);
      if (error instanceof GuardedFetchError) throw error;
      throw new GuardedFetchError(`fetch failed: ${(error as Error).message}`);
    }
  }
}

function parseTarget(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new GuardedFetchError('invalid URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new GuardedFetchError(`scheme ${target.protocol} not allowed`);
  }
  return target;
}

let sharedResolver: CachingResolver | undefined;

/** How long a host whose lookup failed or timed out is refused without a new query. */
export const EGRESS_NEGATIVE_TTL_MS = 30_000;

/**
 * The process's c-ares resolver for guarded requests without one of their own (docs/architecture.md §8):
 * never libuv's 4-thread `getaddrinfo` pool, and a host that failed or timed out is refused for
 * EGRESS_NEGATIVE_TTL_MS without a new query.
 */
export function defaultEgressResolver(): ResolveHost {
  sharedResolver ??= new CachingResolver({
    negativeTtlMs: EGRESS_NEGATIVE_TTL_MS,
    timeoutTtlMs: EGRESS_NEGATIVE_TTL_MS,
  });
  return sharedResolver.resolve;
}

/** The address to connect to: the literal itself, or the first resolved one, every one checked against the egress policy. */
export async function vettedAddress(
  target: URL,
  allowPrivate: boolean,
  deadline: AbortSignal,
  resolve: ResolveHost = defaultEgressResolver(),
): Promise<ResolvedAddress> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await Promise.race([
        resolve(host).catch((error: unknown) => {
          if (error instanceof HostNotFoundError || error instanceof ResolverUnavailableError)
            throw new GuardedFetchError(error.message);
          throw error;
        }),
        new Promise<never>((_, reject) =>
          deadline.addEventListener('abort', () => reject(deadline.reason), { once: true }),
        ),
      ]);
  if (addresses.length === 0) throw new GuardedFetchError(`no address for ${host}`);
  if (!allowPrivate) {
    for (const a of addresses) {
      const reason = forbiddenAddressReason(a.address);
      if (reason) {
        throw new GuardedFetchError(
          `refused target: ${literal ? reason : `${host} resolves to a ${reason} address`}`,
        );
      }
    }
  }
  return addresses[0];
}

/** What one pinned GET answered: a redirect's location (no body read), or the status and body. */
export interface PinnedAnswer {
  readonly status: number;
  readonly location: string | null;
  readonly body: Buffer;
  readonly contentType: string | null;
}

/**
 * One GET on a connection pinned to `address`, whose peer is checked again once connected; the body is
 * read up to `maxBytes` (a longer one fails). A 3xx with a Location is answered without its body.
 */
export async function pinnedGet(
  target: URL,
  address: { address: string; family: number },
  options: Pick<GuardedFetchOptions, 'allowPrivateTargets' | 'maxBytes'> & {
    readonly headers?: Record<string, string>;
  },
  deadline: AbortSignal,
): Promise<PinnedAnswer> {
  try {
    const answer = await httpExchange(target, {
      method: 'GET',
      headers: { accept: 'application/json, */*;q=0.5', ...options.headers },
      signal: deadline,
      maxBytes: options.maxBytes,
      agent: false,
      address,
      checkPeer: (peer) => {
        const reason = options.allowPrivateTargets ? null : forbiddenAddressReason(peer);
        return reason ? new GuardedFetchError(`refused target: connected to a ${reason} address`) : null;
      },
      stopAtRedirect: true,
    });
    const location = answer.status >= 300 && answer.status < 400 ? (answer.headers.location ?? null) : null;
    return {
      status: answer.status,
      location,
      body: answer.body,
      contentType: answer.headers['content-type'] ?? null,
    };
  } catch (error) {
    if (error instanceof HttpBodyTooLargeError)
      throw new GuardedFetchError(`body larger than ${options.maxBytes} bytes`);
    if (error instanceof HttpAnswerCutError)
      throw new GuardedFetchError('connection closed before the body ended');
    throw error;
  }
}
