import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';

export interface HttpExchangeRequest {
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** Ends the exchange, body included, when it aborts. */
  readonly signal: AbortSignal;
  /** Bytes of answer read at most (see `overLimit`). */
  readonly maxBytes: number;
  /**
   * Past `maxBytes`: `fail` rejects with HttpBodyTooLargeError; `status` settles with the status and no
   * body (a caller that needs only the status, such as a webhook's, reads no more than it must).
   */
  readonly overLimit?: 'fail' | 'status';
  /** Pooled connections, or `false` for a connection of this exchange's own. */
  readonly agent: http.Agent | false;
  /** Connects to this address instead of resolving the host again (an address already vetted). */
  readonly address?: { readonly address: string; readonly family: number };
  /** Checks the connected peer; an error it returns ends the exchange with that error. */
  readonly checkPeer?: (peer: string) => Error | null;
  /** A 3xx with a Location settles at once, with the location and no body. */
  readonly stopAtRedirect?: boolean;
}

export interface HttpAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** The answer was longer than the request's `maxBytes` (`size`: as declared, or as far as it was read). */
export class HttpBodyTooLargeError extends Error {
  constructor(
    readonly maxBytes: number,
    readonly size: number,
  ) {
    super(`answer larger than ${maxBytes} bytes (${size})`);
    this.name = 'HttpBodyTooLargeError';
  }
}

/** The connection closed after the answer's head and before its end. */
export class HttpAnswerCutError extends Error {
  constructor() {
    super('connection closed before the answer ended');
    this.name = 'HttpAnswerCutError';
  }
}

/**
 * The service's one outbound HTTP exchange over node:http(s) (docs/decisions/0006): every egress — the
 * nodes' JSON-RPC and HTTP APIs, NFT metadata and prices, webhooks — goes through it. A request that went
 * out on a pooled connection the server had just closed (Node's documented ECONNRESET on a reused
 * socket) never reached it and is sent once more, on a connection of its own.
 */
export async function httpExchange(url: URL, request: HttpExchangeRequest): Promise<HttpAnswer> {
  try {
    return await exchangeOnce(url, request, request.agent);
  } catch (error) {
    if (error instanceof StaleConnectionError && !request.signal.aborted)
      return exchangeOnce(url, request, false);
    throw error;
  }
}

class StaleConnectionError extends Error {}

const NO_BODY = Buffer.alloc(0);

function exchangeOnce(
  url: URL,
  request: HttpExchangeRequest,
  agent: http.Agent | false,
): Promise<HttpAnswer> {
  const secure = url.protocol === 'https:';
  const payload = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  const address = request.address;
  return new Promise((resolve, reject) => {
    // The URL's own parts (host, port, path, userinfo as basic auth), with a pinned lookup when vetted.
    const outgoing = (secure ? https : http).request(
      url,
      {
        method: request.method,
        agent,
        ...(address ? { lookup: pinnedLookup(address) } : {}),
        headers: payload ? { ...request.headers, 'content-length': String(payload.length) } : request.headers,
        signal: request.signal,
      },
      (response) => {
        const head = {
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          headers: response.headers,
        };
        const statusOnly = () => resolve({ ...head, body: NO_BODY });
        if (request.stopAtRedirect && head.status >= 300 && head.status < 400 && response.headers.location) {
          response.destroy();
          return statusOnly();
        }
        const overLimit = (size: number) => {
          response.destroy();
          if (request.overLimit === 'status') statusOnly();
          else reject(new HttpBodyTooLargeError(request.maxBytes, size));
        };
        const declared = Number(response.headers['content-length']);
        if (declared > request.maxBytes) return overLimit(declared);
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) overLimit(size);
          else if (request.overLimit !== 'status') chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ ...head, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) }),
        );
        response.on('error', reject);
        // After 'end' this settles nothing; before it, the connection was lost mid-answer.
        response.on('close', () =>
          request.overLimit === 'status' ? statusOnly() : reject(new HttpAnswerCutError()),
        );
      },
    );
    const checkPeer = request.checkPeer;
    if (checkPeer) {
      outgoing.on('socket', (socket: Socket) => {
        const check = () => {
          const refusal = socket.remoteAddress ? checkPeer(socket.remoteAddress) : null;
          if (refusal) outgoing.destroy(refusal);
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
    }
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      reject(outgoing.reusedSocket && error.code === 'ECONNRESET' ? new StaleConnectionError() : error);
    });
    outgoing.end(payload);
  });
}

/** A connection's lookup that answers the vetted address, so the name is not resolved a second time. */
export function pinnedLookup(address: { address: string; family: number }): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
}
