/**
 * The words a public answer (GET /health/ready, an error envelope) may use for a failure
 * (docs/architecture.md §7, §9). An upstream's own message never goes there: viem's text holds the node's
 * URL, whose path is the provider's API key, and the JSON-RPC request body, and a provider's or a
 * database's message is theirs to word. The reason is built from facts with a fixed vocabulary (an HTTP
 * status, a JSON-RPC or SQLSTATE code, a socket error code, a timeout), from a reason this code base
 * wrote itself (`publicReason`), or else it names the error's class; the full message goes to the log
 * after redactUrlsIn.
 *
 * Reasons, first match along the cause chain in this order:
 * - the error's `publicReason`
 * - `rate limited (HTTP 429)`, `rate limited (JSON-RPC <code>)` for 429 and -32005
 * - `timed out`
 * - `answered HTTP <status>`
 * - `connection failed (<code>)` (ECONNREFUSED, ECONNRESET, ENOTFOUND, …)
 * - `answered JSON-RPC error <code>`
 * - `database error (SQLSTATE <code>)`
 * - `connection failed`, `timed out`, `rate limited` from a message that says so without a code
 * - `<ErrorName> (details in the log)`
 */

/** An error whose message this code base wrote and which may be shown as it is. */
export interface WithPublicReason {
  readonly publicReason: string;
}

const MAX_CAUSE_DEPTH = 8;
const RATE_LIMIT_RPC_CODES = new Set([429, -32005]);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const TIMEOUT_NAMES = new Set(['TimeoutError', 'AbortError']);
const SQLSTATE = /^[0-9A-Z]{5}$/;
const CONNECTION_MESSAGE =
  /fetch failed|socket hang up|other side closed|connection (terminated|refused|reset|closed|ended)/i;
const TIMEOUT_MESSAGE = /timed out|timeout/i;
const RATE_LIMIT_MESSAGE = /rate.?limit|too many requests/i;

/** A fixed, public description of why `error` happened; never any of its message. */
export function failureReason(error: unknown): string {
  const chain = causeChain(error);
  return (
    first(chain, ownReason) ??
    first(chain, rateLimited) ??
    first(chain, timedOut) ??
    first(chain, httpStatus) ??
    first(chain, connectionCode) ??
    first(chain, rpcCode) ??
    first(chain, sqlState) ??
    first(chain, fromMessage) ??
    `${errorName(error)} (details in the log)`
  );
}

function causeChain(error: unknown): readonly object[] {
  const chain: object[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== null && typeof current === 'object' && depth < MAX_CAUSE_DEPTH; depth++) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function first(chain: readonly object[], describe: (e: Record<string, unknown>) => string | undefined) {
  for (const e of chain) {
    const reason = describe(e as Record<string, unknown>);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

function statusOf(e: Record<string, unknown>): number | undefined {
  const status = typeof e.status === 'number' ? e.status : e.statusCode;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : undefined;
}

function rateLimited(e: Record<string, unknown>): string | undefined {
  if (statusOf(e) === 429) return 'rate limited (HTTP 429)';
  if (typeof e.code === 'number' && RATE_LIMIT_RPC_CODES.has(e.code))
    return `rate limited (JSON-RPC ${e.code})`;
  return undefined;
}

function timedOut(e: Record<string, unknown>): string | undefined {
  if (typeof e.name === 'string' && TIMEOUT_NAMES.has(e.name)) return 'timed out';
  if (typeof e.code === 'string' && TIMEOUT_CODES.has(e.code)) return 'timed out';
  return undefined;
}

function httpStatus(e: Record<string, unknown>): string | undefined {
  const status = statusOf(e);
  return status === undefined ? undefined : `answered HTTP ${status}`;
}

function connectionCode(e: Record<string, unknown>): string | undefined {
  return typeof e.code === 'string' && CONNECTION_CODES.has(e.code)
    ? `connection failed (${e.code})`
    : undefined;
}

function rpcCode(e: Record<string, unknown>): string | undefined {
  return typeof e.code === 'number' && Number.isInteger(e.code)
    ? `answered JSON-RPC error ${e.code}`
    : undefined;
}

function sqlState(e: Record<string, unknown>): string | undefined {
  // pg's DatabaseError has a severity beside its code; a bare five-letter code may be anything.
  return typeof e.code === 'string' && SQLSTATE.test(e.code) && typeof e.severity === 'string'
    ? `database error (SQLSTATE ${e.code})`
    : undefined;
}

function ownReason(e: Record<string, unknown>): string | undefined {
  const reason = (e as Partial<WithPublicReason>).publicReason;
  return typeof reason === 'string' && reason.length > 0 ? reason : undefined;
}

function fromMessage(e: Record<string, unknown>): string | undefined {
  const message = typeof e.message === 'string' ? e.message : '';
  if (CONNECTION_MESSAGE.test(message)) return 'connection failed';
  if (RATE_LIMIT_MESSAGE.test(message)) return 'rate limited';
  if (TIMEOUT_MESSAGE.test(message)) return 'timed out';
  return undefined;
}

function errorName(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  // A name is set by code, but a thrown plain object could carry anything: keep it an identifier.
  return /^[A-Za-z_$][\w$]{0,63}$/.test(name) ? name : 'Error';
}
