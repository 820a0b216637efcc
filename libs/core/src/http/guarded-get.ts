import http from 'node:http';
import https from 'node:https';
import { GuardedFetchError, pinnedLookup, vettedAddress } from './guarded-fetch';

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

/**
 * A GET under the egress rules the webhook sender follows (docs/architecture.md §8), with request
 * headers and the status in the answer (an API, where guardedFetch serves documents): the host is
 * resolved and checked once (`vettedAddress`) and the connection pinned to the checked address;
 * redirects are not followed.
 */
export async function guardedGet(url: string, options: GuardedGetOptions): Promise<GuardedGetResult> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  if (!secure && target.protocol !== 'http:')
    throw new GuardedFetchError(`scheme ${target.protocol} not allowed`);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const address = await vettedAddress(target, options.allowPrivateTargets, deadline).catch(
    (error: unknown) => {
      throw deadline.aborted ? new Error(`timed out after ${options.timeoutMs} ms`) : error;
    },
  );
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
