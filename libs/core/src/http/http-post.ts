import http from 'node:http';
import https from 'node:https';

/**
 * Idle keep-alive connections are closed after this long, below the 5 s that Node servers and many
 * proxies in front of nodes keep them, so that a request rarely goes out on a socket being closed.
 */
const IDLE_MS = 4_000;

/** One client's pooled keep-alive connections, per scheme. */
export class KeepAliveAgents {
  private readonly plain = new http.Agent({ keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' });
  private readonly secure = new https.Agent({ keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' });

  for(url: URL): http.Agent {
    return url.protocol === 'https:' ? this.secure : this.plain;
  }

  destroy(): void {
    this.plain.destroy();
    this.secure.destroy();
  }
}

export interface HttpPostRequest {
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Ends the exchange, body included, when it aborts. */
  readonly signal: AbortSignal;
  /** Bytes of answer read at most; a longer answer fails with HttpBodyTooLargeError. */
  readonly maxBytes: number;
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

/**
 * One POST over node:http(s) on pooled keep-alive connections; the whole answer as bytes, whatever its
 * status. Chosen over fetch() for the clients of nodes (EVM JSON-RPC, Tron's HTTP API): fetch() (Node's
 * bundled undici and its web streams) costs about 4.5 ms of CPU more per MB of answer, and hundreds of µs
 * more per small request (docs/benchmarks.md, 2026-11-29, second session). A request that went out on a
 * pooled connection the server had just closed (Node's documented ECONNRESET on a reused socket) never
 * reached it and is sent once more on a new connection.
 */
export async function httpPost(
  url: URL,
  request: HttpPostRequest,
  agents: KeepAliveAgents,
): Promise<HttpAnswer> {
  try {
    return await postOnce(url, request, agents);
  } catch (error) {
    if (error instanceof StaleConnectionError && !request.signal.aborted)
      return postOnce(url, request, agents);
    throw error;
  }
}

class StaleConnectionError extends Error {}

function postOnce(url: URL, request: HttpPostRequest, agents: KeepAliveAgents): Promise<HttpAnswer> {
  const payload = Buffer.from(request.body);
  return new Promise((resolve, reject) => {
    const outgoing = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        agent: agents.for(url),
        headers: { ...request.headers, 'content-length': String(payload.length) },
        signal: request.signal,
      },
      (response) => {
        const declared = Number(response.headers['content-length']);
        if (declared > request.maxBytes) {
          response.destroy();
          return reject(new HttpBodyTooLargeError(request.maxBytes, declared));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) {
            response.destroy();
            reject(new HttpBodyTooLargeError(request.maxBytes, size));
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            headers: response.headers,
            body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
          }),
        );
        response.on('error', reject);
        // After 'end' this settles nothing; before it, the connection was lost mid-answer.
        response.on('close', () => reject(new Error('connection closed before the answer ended')));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      reject(outgoing.reusedSocket && error.code === 'ECONNRESET' ? new StaleConnectionError() : error);
    });
    outgoing.end(payload);
  });
}
