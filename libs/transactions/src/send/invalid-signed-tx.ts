import { ApiError, ErrorCode } from '@chainwire/core';

/** 400 VALIDATION_ERROR naming `signedTx`, as the body validation words its own refusals. */
export function invalidSignedTx(reason: string): ApiError {
  return ApiError.badRequest(ErrorCode.VALIDATION_ERROR, `signedTx: ${reason}`);
}
