/** SQLSTATE classes and codes worth retrying: the same statement can succeed a moment later. */
const TRANSIENT_SQLSTATE_CLASSES = ['08', '53', '57'];
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '55P03', '55006', '58000', '58030']);
const TRANSIENT_NODE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /connection.*(closed|ended)/i,
  /timeout exceeded when trying to connect/i,
];

/**
 * True for errors a retry can cure: lost or refused connections, serialization failures, deadlocks,
 * lock timeouts, resource exhaustion and server shutdowns. Anything else (a bad statement, a bug, a
 * malformed event) fails the same way again.
 */
export function isTransientDbError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (TRANSIENT_NODE_CODES.has(code) || TRANSIENT_SQLSTATES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return TRANSIENT_SQLSTATE_CLASSES.includes(code.slice(0, 2));
  }
  return TRANSIENT_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** Exponential backoff: min, 2·min, 4·min … capped at max. */
export function backoffDelay(failures: number, minMs: number, maxMs: number): number {
  return Math.min(maxMs, minMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
}
