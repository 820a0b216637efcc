import http from 'node:http';
import https from 'node:https';
import { type HttpAnswer, httpExchange } from './http-exchange';

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

/**
 * One POST on pooled keep-alive connections, the whole answer as bytes whatever its status: the clients
 * of nodes (EVM JSON-RPC, Tron's HTTP API), over httpExchange (docs/decisions/0006).
 */
export function httpPost(url: URL, request: HttpPostRequest, agents: KeepAliveAgents): Promise<HttpAnswer> {
  return httpExchange(url, { method: 'POST', ...request, agent: agents.for(url) });
}
