import { ErrorCode } from '../error-codes';

/** The error statuses an operation can declare (docs/architecture.md §7). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/** What each status means, for the document's response descriptions. */
export const ERROR_STATUS_TEXT: Record<ErrorStatus, string> = {
  400: 'Bad request',
  401: 'Missing, unknown or revoked API key',
  403: "Outside the key's plan",
  404: 'Not found',
  409: 'Conflict with the current state',
  410: 'Gone',
  413: 'Request body too large',
  415: 'Request body not JSON',
  422: 'Valid request the chain refuses',
  429: "Over the key's rate limit (see the Retry-After header)",
  503: 'A store or a node did not answer',
};

/**
 * The codes that come with every route of a kind, whatever its handler throws: on every keyed route
 * the key check, the rate limit and the plan check of any chain the request names (in its path, query
 * or body, docs/architecture.md §7); the control-character check on every path and query value; the
 * JSON body reader on every route taking a body.
 */
export const KEYED_ROUTE_ERRORS: Partial<Record<ErrorStatus, string[]>> = {
  400: [ErrorCode.CHAIN_MISMATCH],
  401: [ErrorCode.UNAUTHORIZED],
  403: [ErrorCode.CHAIN_NOT_IN_PLAN],
  429: [ErrorCode.RATE_LIMITED],
};
export const EVERY_ROUTE_ERRORS: Partial<Record<ErrorStatus, string[]>> = {
  400: [ErrorCode.INVALID_CHARACTERS],
};
export const BODY_ROUTE_ERRORS: Partial<Record<ErrorStatus, string[]>> = {
  400: [ErrorCode.VALIDATION_ERROR, ErrorCode.INVALID_JSON],
  413: [ErrorCode.PAYLOAD_TOO_LARGE],
  415: [ErrorCode.UNSUPPORTED_MEDIA_TYPE],
};
