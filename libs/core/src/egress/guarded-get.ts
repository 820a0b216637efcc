import type { ResolveHost } from './caching-resolver';
import { GuardedFetchError, pinnedGet, vettedAddress } from './guarded-fetch';

export interface GuardedGetOptions {
  /** Allow loopback, private and other internal addresses: the caller's own egress setting (e.g. PRICE_API_ALLOW_PRIVATE_TARGETS). */
  readonly allowPrivateTargets: boolean;
  /** One deadline for the resolution, the connection and the whole body. */
  readonly timeoutMs: number;
  /** Bytes of the body read at most; more fails the request. */
  readonly maxBytes: number;
  readonly headers?: Record<string, string>;
  /** How host names are resolved; default the process's shared c-ares resolver (defaultEgressResolver). */
  readonly resolve?: ResolveHost;
}

export interface GuardedGetResult {
  readonly status: number;
  readonly body: string;
}

/**
 * A GET under the egress rules the webhook sender follows (docs/architecture.md §8), with request
 * headers and the status in the answer (an API, where guardedFetch serves documents): the host is
 * resolved and checked once (`vettedAddress`), the connection pinned to the checked address and its
 * peer checked again (`pinnedGet`, shared with guardedFetch); redirects are not followed.
 */
export async function guardedGet(url: string, options: GuardedGetOptions): Promise<GuardedGetResult> {
  const target = new URL(url);
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw new GuardedFetchError(`scheme ${target.protocol} not allowed`);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  try {
    const address = await vettedAddress(target, options.allowPrivateTargets, deadline, options.resolve);
    const answer = await pinnedGet(target, address, options, deadline);
    return { status: answer.status, body: answer.body.toString('utf8') };
  } catch (error) {
    throw deadline.aborted ? new Error(`timed out after ${options.timeoutMs} ms`) : error;
  }
}
