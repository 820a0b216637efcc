/**
 * One classification of failures for every loop that retries (indexers, consumers, the dispatcher):
 * retryable errors are those a later try of the same work can cure; anything else needs a person (a
 * fix, a config change, a node operator) — and is still retried, more slowly and loudly, by loops
 * that must never stop for good (docs/architecture.md §5).
 */

/** Thrown by this code base for a condition that passes by itself (the chain moved while reading …). */
export class RetryableError extends Error {
  readonly retryable = true as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetryableError';
  }
}

/** Thrown by this code base for a condition another try will meet again (a misconfigured node …). */
export class NonRetryableError extends Error {
  readonly retryable = false as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NonRetryableError';
  }
}

/**
 * HTTP statuses worth another try: timeouts, early data, rate limits, server errors, and the 520–524
 * a CDN in front of a provider answers when the origin is down, unreachable or slow.
 */
export function isRetryableHttpStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || (status >= 500 && status <= 599);
}

/** SQLSTATE classes worth retrying: connection exceptions, insufficient resources, operator intervention. */
const RETRYABLE_SQLSTATE_CLASSES = new Set(['08', '53', '57']);
/** Serialization failure, deadlock, lock not available, object in use, system errors of I/O. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01', '55P03', '55006', '58000', '58030']);
const RETRYABLE_NODE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
/**
 * Messages of failures that carry no code: pg's "Connection terminated unexpectedly" (the server or a
 * proxy dropped the socket), pool timeouts, fetch's "fetch failed", socket hang-ups, grpc-js's transport
 * failures (a stream removed or reset, GOAWAY, a channel shut down), and nodes' transient words.
 */
const RETRYABLE_MESSAGES =
  /connection terminated|connection (was )?(closed|ended|reset)|timeout exceeded when trying to connect|client has encountered a connection error|fetch failed|socket hang up|other side closed|stream removed|rst_stream|goaway|channel (has been )?shut ?down|header not found|unknown block|block not found|timed? ?out|rate limit|too many requests|try again|temporarily|overloaded/i;

/**
 * JSON-RPC error codes of transient node conditions, as viem's RpcRequestError and its subclasses carry
 * them in `code`: internal error (-32603), resource unavailable (-32002), limit exceeded / rate limited
 * (-32005, -32007, and 429 where a provider uses the HTTP status as its code).
 */
const RETRYABLE_JSON_RPC_CODES = new Set([-32603, -32002, -32005, -32007, 429]);
/** The node has no such method (-32601) or does not support it (-32004): a retry meets the same answer. */
const METHOD_UNAVAILABLE_JSON_RPC_CODES = new Set([-32601, -32004]);
/** viem's errors for a request that got no answer: it timed out, or failed below HTTP (no status). */
const NO_ANSWER_ERROR_NAMES = new Set([
  'TimeoutError',
  'HttpRequestError',
  'WebSocketRequestError',
  'SocketClosedError',
]);

/**
 * gRPC status codes a later call can cure, as @kurrent/kurrentdb-client's errors carry them in `code`:
 * CANCELLED by the server (1), DEADLINE_EXCEEDED (4), ABORTED (10, the server's own timeout), UNAVAILABLE (14),
 * and INTERNAL (13) and DATA_LOSS (15), which the client itself takes for UnavailableError (a broken transport).
 * RESOURCE_EXHAUSTED (8) is left out: grpc-js uses it for a message over the size limit, which a retry meets again.
 */
const RETRYABLE_GRPC_CODES = new Set([1, 4, 10, 13, 14, 15]);
/**
 * The KurrentDB client's error `type`s a later call can cure: a lost connection, a deadline, the server's
 * timeout, a node that is no longer the leader (the client rediscovers). Refusals of the request itself
 * (wrong-expected-version, maximum-append-size-exceeded, append-record-size-exceeded, access-denied …)
 * meet the same answer again.
 */
const RETRYABLE_KURRENTDB_TYPES = new Set([
  'unavailable',
  'deadline-exceeded',
  'timeout',
  'not-leader',
  'cancelled',
]);
/**
 * Names of the client's errors from its native reads, which carry neither `code` nor `type` when they
 * escape unconverted; the client's UnavailableError from a read may carry only the name as its message.
 */
const RETRYABLE_KURRENTDB_NAMES =
  /\b(UnavailableError|DeadlineExceededError|NotLeaderError)\b|^(14 UNAVAILABLE|4 DEADLINE_EXCEEDED)\b/;

/** How deep a cause chain is followed. */
const MAX_CAUSE_DEPTH = 8;

/**
 * True when another try can cure `error`: an explicit RetryableError, a lost or refused connection,
 * a transient SQLSTATE, a transient gRPC status or KurrentDB client error (unavailable, deadline, timeout,
 * not leader), a transient JSON-RPC code or a node request without an answer (viem's errors), an HTTP
 * status from isRetryableHttpStatus (read from `status` or `statusCode`), or such an error anywhere in
 * its `cause` chain. An explicit NonRetryableError, or a node without the method asked for, decides the
 * other way, wherever it sits in the chain.
 */
export function isRetryableError(error: unknown): boolean {
  let current: unknown = error;
  let retryable = false;
  for (let depth = 0; current instanceof Error && depth < MAX_CAUSE_DEPTH; depth++) {
    const flag = (current as { retryable?: unknown }).retryable;
    if (flag === false) return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'number' && METHOD_UNAVAILABLE_JSON_RPC_CODES.has(code)) return false;
    if (flag === true || isRetryableOnItsOwn(current)) retryable = true;
    current = (current as { cause?: unknown }).cause;
  }
  return retryable;
}

function isRetryableOnItsOwn(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  const type = (error as { type?: unknown }).type;
  if (typeof type === 'string' && RETRYABLE_KURRENTDB_TYPES.has(type)) return true;
  // A positive numeric code is gRPC's (the KurrentDB client), a negative one JSON-RPC's (viem); SQLSTATEs
  // and Node's codes are strings.
  if (typeof code === 'number' && (RETRYABLE_GRPC_CODES.has(code) || RETRYABLE_JSON_RPC_CODES.has(code)))
    return true;
  if (NO_ANSWER_ERROR_NAMES.has(error.name) && (error as { status?: unknown }).status === undefined)
    return true;
  if (RETRYABLE_KURRENTDB_NAMES.test(error.name) || RETRYABLE_KURRENTDB_NAMES.test(error.message))
    return true;
  if (typeof code === 'string') {
    if (RETRYABLE_NODE_CODES.has(code) || RETRYABLE_SQLSTATES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && RETRYABLE_SQLSTATE_CLASSES.has(code.slice(0, 2))) return true;
  }
  for (const field of ['status', 'statusCode'] as const) {
    const status = (error as unknown as Record<string, unknown>)[field];
    if (typeof status === 'number' && isRetryableHttpStatus(status)) return true;
  }
  return RETRYABLE_MESSAGES.test(error.message);
}

/** Exponential backoff: min, 2·min, 4·min … capped at max. */
export function backoffDelay(failures: number, minMs: number, maxMs: number): number {
  return Math.min(maxMs, minMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
}
