import {
  type HttpAnswer,
  HttpBodyTooLargeError,
  httpPost,
  isRetryableHttpStatus,
  KeepAliveAgents,
  NonRetryableError,
  parseJsonExact,
  RetryableError,
} from '@chainwire/core';
import { tronWeb } from './tronweb-library';

/** Where a Tron node's java-tron HTTP API answers, and the TronGrid key when it is TronGrid. */
export interface TronNodeConfig {
  /** `TRON_RPC_URL`: the full node's HTTP API root (`/wallet/*` and `/walletsolidity/*` below it). */
  readonly url: string;
  /** `TRON_API_KEY`: sent as `TRON-PRO-API-KEY` (TronGrid's header); omitted when unset. */
  readonly apiKey?: string;
  /** Per request; default 10 s. */
  readonly timeoutMs?: number;
}

/** The node answered HTTP 200 with `{ Error }` or an unparseable body: a fault of the request, not retried. */
export class TronNodeError extends NonRetryableError {
  constructor(
    readonly path: string,
    readonly details: string,
  ) {
    super(`Tron node ${path}: ${details}`);
    this.name = 'TronNodeError';
  }

  /** `details` are the node's words: a public answer names the call only (failureReason). */
  get publicReason(): string {
    return `the Tron node refused ${this.path}`;
  }
}

/** The node could not be reached, timed out or answered 429/5xx: retried by the caller's backoff. */
export class TronNodeUnavailableError extends RetryableError {
  constructor(
    readonly path: string,
    readonly status: number | undefined,
    cause?: unknown,
  ) {
    super(`Tron node ${path} unavailable${status ? ` (HTTP ${status})` : ''}`, { cause });
    this.name = 'TronNodeUnavailableError';
  }

  /** Written here from the call's path and status: public as it is (failureReason). */
  get publicReason(): string {
    return this.message;
  }
}

/** The largest answer read: a block of a busy chain with every transaction is a few MB. */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;

/**
 * java-tron's HTTP API is POST with a JSON body for every `/wallet/*` call (docs/architecture.md §4).
 * tronweb wraps the same endpoints but hides transport errors behind its own shapes and cannot be given a
 * per-call timeout, so the indexer and the query paths call the node through this one client; tronweb
 * stays the library for addresses, transaction building and ABI encoding.
 */
export class TronHttpClient {
  private readonly root: string;
  private readonly timeoutMs: number;
  private readonly agents = new KeepAliveAgents();

  constructor(private readonly config: TronNodeConfig) {
    this.root = config.url.replace(/\/+$/, '');
    this.timeoutMs = config.timeoutMs ?? 10_000;
    // A deployment with a Tron node loads tronweb here, at boot, never first inside a running loop.
    tronWeb();
  }

  get url(): string {
    return this.root;
  }

  /**
   * POST `path` (e.g. `/wallet/getnowblock`) with `body`; the parsed JSON answer. With `exact`, every
   * integer comes back as a bigint with all its digits (amounts in sun are int64 and exceed 2^53).
   */
  async post<T>(
    path: string,
    body: Record<string, unknown> = {},
    options: { exact?: boolean } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.config.apiKey) headers['TRON-PRO-API-KEY'] = this.config.apiKey;
    let response: HttpAnswer;
    try {
      response = await httpPost(
        new URL(`${this.root}${path}`),
        {
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(this.timeoutMs),
          maxBytes: MAX_ANSWER_BYTES,
        },
        this.agents,
      );
    } catch (error) {
      if (error instanceof HttpBodyTooLargeError) throw new TronNodeError(path, error.message);
      throw new TronNodeUnavailableError(path, undefined, error);
    }
    if (isRetryableHttpStatus(response.status)) {
      throw new TronNodeUnavailableError(path, response.status);
    }
    const text = response.body.toString('utf8');
    if (response.status < 200 || response.status >= 300) {
      throw new TronNodeError(path, `HTTP ${response.status}: ${text.slice(0, 200)}`);
    }
    let parsed: unknown;
    try {
      parsed = text === '' ? {} : options.exact ? parseJsonExact(text) : JSON.parse(text);
    } catch {
      throw new TronNodeError(path, `not JSON: ${text.slice(0, 200)}`);
    }
    if (parsed && typeof parsed === 'object' && 'Error' in parsed) {
      throw new TronNodeError(path, String((parsed as { Error: unknown }).Error));
    }
    return parsed as T;
  }
}
