import { ApiError, ErrorCode } from '@chainwire/core';

/** Where a page of the full asset list ended: its last row's sort key (symbol, stored-form contract). */
export interface AssetCursor {
  readonly symbol: string;
  readonly contract: string;
}

/** Opaque to clients: base64url of the JSON pair. */
export function encodeAssetCursor(cursor: AssetCursor): string {
  return Buffer.from(JSON.stringify([cursor.symbol, cursor.contract])).toString('base64url');
}

/** The cursor a client sent back; 400 VALIDATION_ERROR when it is not one this service made. */
export function decodeAssetCursor(text: string): AssetCursor {
  let pair: unknown;
  try {
    pair = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    pair = undefined;
  }
  if (
    !Array.isArray(pair) ||
    pair.length !== 2 ||
    !pair.every((part) => typeof part === 'string' && part.length > 0 && part.length <= 200)
  ) {
    throw ApiError.badRequest(ErrorCode.VALIDATION_ERROR, 'cursor is not valid');
  }
  return { symbol: pair[0] as string, contract: pair[1] as string };
}
