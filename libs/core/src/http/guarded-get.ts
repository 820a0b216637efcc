import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { forbiddenAddressReason } from './egress-policy';
import { pinnedLookup } from './guarded-fetch';

export interface GuardedGetOptions {
  /** Development only: allow loopback, private and other internal addresses (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  readonly allowPrivateTargets: boolean;
  /** One deadline for the resolution, the connection and the whole body. */
  readonly timeoutMs: number;
  /** Bytes of the body read at most; more fails the request. */
  readonly maxBytes: number;
  readonly headers?: Record<string, string>;
}

export interface GuardedGetResult {
  readonly status: number;
  readonly body: string;
}

/** The target is not allowed by the egress policy. */
export class RefusedEgressError extends Error {
  constructor(reason: string) {
    super(`refused target: ${reason}`);
    this.name = 'RefusedEgressError';
  }
}

/**
 * A GET under the egress rules the webhook sender follows (docs/architecture.md §8): the host is
 * resolved once, every address is checked against the egress policy, and the connection goes to the
 * checked address (no second resolution to rebind); redirects are not followed. Node's fetch has no
 * hook for the connection's address, hence node:http with a pinned lookup.
 */
export async function guardedGet(url: string, options: GuardedGetOptions): Promise<GuardedGetResult> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  if (!secure && target.protocol !== 'http:') throw new RefusedEgressError(`scheme ${target.protocol}`);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await Promise.race([
        lookup(host, { all: true }),
        new Promise<never>((_resolve, reject) =>
          deadline.addEventListener(
            'abort',
            () => reject(new Error(`timed out after ${options.timeoutMs} ms`)),
            {
              once: true,
            },
          ),
        ),
      ]);
  if (addresses.length === 0) throw new Error(`no address for ${host}`);
  if (!options.allowPrivateTargets) {
    for (const a of addresses) {
      const reason = forbiddenAddressReason(a.address);
      if (reason) throw new RefusedEgressError(literal ? reason : `${host} resolves to a ${reason} address`);
    }
  }
  const address = addresses[0];
  return new Promise<GuardedGetResult>((resolve, reject) => {
    const request = (secure ? https : http).get(
      {
        protocol: target.protocol,
        hostname: host,
        port: target.port || (secure ? 443 : 80),
        path: `${target.pathname}${target.search}`,
        headers: { accept: 'application/json', ...options.headers },
        lookup: pinnedLookup(address),
        signal: deadline,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > options.maxBytes) {
            response.destroy();
            reject(new Error(`response larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', (error) =>
      reject(deadline.aborted ? new Error(`timed out after ${options.timeoutMs} ms`) : error),
    );
  });
}
