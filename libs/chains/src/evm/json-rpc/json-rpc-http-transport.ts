import {
  createTransport,
  HttpRequestError,
  ResponseBodyTooLargeError,
  RpcRequestError,
  TimeoutError,
  type Transport,
} from 'viem';
import { stringify } from 'viem/utils';
import { type HttpAnswer, HttpBodyTooLargeError, httpPost, KeepAliveAgents } from '@chainwire/core';
import { parseJsonArrayItems } from './parse-json-array-items';

export interface JsonRpcHttpTransportOptions {
  /** Calls per JSON-RPC batch; 0 sends every call on its own. */
  readonly batchSize: number;
  /** Milliseconds for one HTTP request, answer included. */
  readonly timeout: number;
  readonly retryCount: number;
  readonly retryDelay: number;
  /** Largest answer read, in bytes; a larger one fails with ResponseBodyTooLargeError. */
  readonly maxResponseBodySize: number;
}

type RpcBody = { [key: string]: unknown };

interface RpcCall {
  readonly body: RpcBody & { jsonrpc: '2.0'; id: number; method: string; params: unknown };
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

interface RpcAnswer {
  readonly id?: unknown;
  readonly result?: unknown;
  readonly error?: { code: number; message: string; data?: unknown };
}

/**
 * viem's `http` transport with the node's answers parsed item by item (parseJsonArrayItems): the same
 * batching (calls made in one tick leave together, at most `batchSize` a request), the same errors
 * (HttpRequestError, RpcRequestError, TimeoutError, ResponseBodyTooLargeError) and, through
 * `createTransport`, viem's own retries and typed RPC errors on top. Answers are matched to calls by id.
 */
export function jsonRpcHttpTransport(url: string, options: JsonRpcHttpTransportOptions): Transport {
  return () => {
    const client = new BatchingRpcClient(url, options);
    return createTransport(
      {
        key: 'http',
        name: 'HTTP JSON-RPC',
        type: 'http',
        // viem's EIP-1193 typing asks for each method's own result type; the node's answer is that.
        request: ({ method, params }) => client.call(method, params) as Promise<never>,
        retryCount: options.retryCount,
        retryDelay: options.retryDelay,
        timeout: options.timeout,
      },
      { url: client.url },
    );
  };
}

class BatchingRpcClient {
  private nextId = 0;
  private queue: RpcCall[] = [];
  private flushTimer?: NodeJS.Timeout;
  /** The node's URL without credentials: what is requested, and what errors and logs name. */
  readonly url: string;
  private readonly target: URL;
  private readonly agents = new KeepAliveAgents();
  private readonly headers: Record<string, string> = { 'content-type': 'application/json' };

  constructor(
    url: string,
    private readonly options: JsonRpcHttpTransportOptions,
  ) {
    // Like viem, credentials in the URL go as Basic authorization, and errors name the URL without them.
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
      this.headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
      parsed.username = '';
      parsed.password = '';
    }
    this.target = parsed;
    this.url = parsed.toString();
  }

  call(method: string, params: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const call: RpcCall = { body: { jsonrpc: '2.0', id: this.nextId++, method, params }, resolve, reject };
      if (this.options.batchSize <= 0) {
        void this.send([call], false);
        return;
      }
      this.queue.push(call);
      if (this.queue.length >= this.options.batchSize) this.flush();
      else this.flushTimer ??= setTimeout(() => this.flush(), 0);
    });
  }

  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const calls = this.queue;
    this.queue = [];
    if (calls.length > 0) void this.send(calls, true);
  }

  private async send(calls: readonly RpcCall[], batched: boolean): Promise<void> {
    const body = batched ? calls.map((c) => c.body) : calls[0]!.body;
    let answers: Map<unknown, RpcAnswer> | RpcAnswer;
    try {
      answers = await this.post(body);
    } catch (error) {
      for (const call of calls) call.reject(error);
      return;
    }
    for (const call of calls) {
      const answer = answers instanceof Map ? answers.get(call.body.id) : answers;
      if (answer?.error) {
        call.reject(new RpcRequestError({ body: call.body, error: answer.error, url: this.url }));
      } else if (answer && 'result' in answer) {
        call.resolve(answer.result);
      } else {
        call.reject(
          new HttpRequestError({
            body: call.body,
            details: `no answer for call ${call.body.id}`,
            url: this.url,
          }),
        );
      }
    }
  }

  /** One HTTP request: the answers of a batch by id, or the one answer (also a batch refused as a whole). */
  private async post(body: RpcBody | RpcBody[]): Promise<Map<unknown, RpcAnswer> | RpcAnswer> {
    const signal = AbortSignal.timeout(this.options.timeout);
    let response: HttpAnswer;
    try {
      response = await httpPost(
        this.target,
        { headers: this.headers, body: stringify(body), signal, maxBytes: this.options.maxResponseBodySize },
        this.agents,
      );
    } catch (error) {
      if (error instanceof HttpBodyTooLargeError) {
        throw new ResponseBodyTooLargeError({ maxSize: error.maxBytes, size: error.size });
      }
      if (signal.aborted) throw new TimeoutError({ body, url: this.url });
      throw new HttpRequestError({ body, cause: error as Error, url: this.url });
    }
    const ok = response.status >= 200 && response.status < 300;
    let data: unknown;
    try {
      data = parseJsonArrayItems(response.body);
    } catch (error) {
      if (ok) throw new HttpRequestError({ body, cause: error as Error, url: this.url });
      data = { error: response.body.toString('utf8') };
    }
    const single = Array.isArray(data) && data.length === 1 ? (data[0] as unknown) : data;
    if (!ok) {
      const headers = toHeaders(response);
      if (isRpcAnswerWithError(single)) {
        throw new RpcRequestError({
          body,
          error: single.error,
          headers,
          status: response.status,
          url: this.url,
        });
      }
      throw new HttpRequestError({
        body,
        details: stringify((data as { error?: unknown } | null)?.error) || response.statusText,
        headers,
        status: response.status,
        url: this.url,
      });
    }
    if (!Array.isArray(data)) return (data ?? {}) as RpcAnswer;
    const byId = new Map<unknown, RpcAnswer>();
    for (const answer of data as RpcAnswer[]) byId.set(answer?.id, answer);
    return byId;
  }
}

/** The answer's headers as viem's errors carry them. */
function toHeaders(response: HttpAnswer): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

function isRpcAnswerWithError(data: unknown): data is Required<Pick<RpcAnswer, 'error'>> {
  const error = (data as RpcAnswer | null)?.error;
  return typeof error?.code === 'number' && typeof error.message === 'string';
}
