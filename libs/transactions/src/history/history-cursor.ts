import { ApiError, ErrorCode } from '@chainwire/core';

/** The position of the last item of a page: (block number, stream position). */
export interface HistoryCursor {
  blockNumber: bigint;
  seq: bigint;
}

/** Opaque to clients: base64url of `blockNumber:seq`. */
export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.blockNumber}:${cursor.seq}`).toString('base64url');
}

/** `seq` is compared with an int8 column: a larger value would be a database error, not a page. */
const MAX_INT8 = 2n ** 63n - 1n;

/** The cursor a client sent back; 400 VALIDATION_ERROR when it is not one this service made. */
export function decodeCursor(raw: string): HistoryCursor {
  const match = /^(\d{1,30}):(\d{1,19})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  const cursor = match ? { blockNumber: BigInt(match[1]!), seq: BigInt(match[2]!) } : undefined;
  if (!cursor || cursor.seq > MAX_INT8) {
    throw ApiError.badRequest(ErrorCode.VALIDATION_ERROR, 'cursor is not valid');
  }
  return cursor;
}
