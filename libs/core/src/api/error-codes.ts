/**
 * Stable error codes of the envelope (docs/architecture.md §7). Clients branch on these, so a code, once
 * published, keeps its meaning; add new ones rather than reuse.
 */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  INVALID_JSON: 'INVALID_JSON',
  INVALID_ADDRESS: 'INVALID_ADDRESS',
  UNKNOWN_CHAIN: 'UNKNOWN_CHAIN',
  UNSUPPORTED_CHAIN: 'UNSUPPORTED_CHAIN',
  INVALID_ASSET_ID: 'INVALID_ASSET_ID',
  UNKNOWN_ASSET: 'UNKNOWN_ASSET',
  UNSUPPORTED_FIAT_CURRENCY: 'UNSUPPORTED_FIAT_CURRENCY',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  CHAIN_NOT_IN_PLAN: 'CHAIN_NOT_IN_PLAN',
  CHAIN_MISMATCH: 'CHAIN_MISMATCH',
  INVALID_CHARACTERS: 'INVALID_CHARACTERS',
  NOT_FOUND: 'NOT_FOUND',
  NFT_NOT_FOUND: 'NFT_NOT_FOUND',
  INVALID_TOKEN_ID: 'INVALID_TOKEN_ID',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  URI_TOO_LONG: 'URI_TOO_LONG',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The code for a status when the thrower gave none (framework errors, plain HttpExceptions). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ErrorCode.VALIDATION_ERROR;
    case 401:
      return ErrorCode.UNAUTHORIZED;
    case 403:
      return ErrorCode.FORBIDDEN;
    case 404:
      return ErrorCode.NOT_FOUND;
    case 405:
      return ErrorCode.METHOD_NOT_ALLOWED;
    case 409:
      return ErrorCode.CONFLICT;
    case 413:
      return ErrorCode.PAYLOAD_TOO_LARGE;
    case 414:
      return ErrorCode.URI_TOO_LONG;
    case 415:
      return ErrorCode.UNSUPPORTED_MEDIA_TYPE;
    case 429:
      return ErrorCode.RATE_LIMITED;
    case 503:
      return ErrorCode.SERVICE_UNAVAILABLE;
    default:
      return status >= 500 ? ErrorCode.INTERNAL_ERROR : ErrorCode.VALIDATION_ERROR;
  }
}
