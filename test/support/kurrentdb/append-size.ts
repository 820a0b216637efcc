import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import type { ProposedEvent } from './event-log';

/** The server's default MaxAppendSize: 1 MiB per append (KurrentDB configuration docs, "MaxAppendSize"). */
export const DEFAULT_MAX_APPEND_SIZE_BYTES = 1_048_576;

/**
 * What an append weighs against MaxAppendSize: the sum of each event's data, custom metadata and event
 * type, the parts of an event the server stores. The server's exact per-record constant is not documented;
 * the fixture counts the payload only, so an append the fixture refuses a real server refuses too.
 */
export function appendSizeBytes(events: readonly ProposedEvent[]): number {
  return events.reduce(
    (sum, event) =>
      sum + event.data.byteLength + event.customMetadata.byteLength + Buffer.byteLength(event.type),
    0,
  );
}

export function maxAppendSizeMessage(maxAppendSizeBytes: number): string {
  return `Maximum Append Size of ${maxAppendSizeBytes} Exceeded.`;
}

/**
 * The Append RPC's refusal: INVALID_ARGUMENT with the `exception: maximum-append-size-exceeded` and
 * `maximum-append-size` trailers, which the client turns into MaxAppendSizeExceededError.
 */
export function maxAppendSizeExceededError(maxAppendSizeBytes: number): Partial<ServiceError> {
  const metadata = new Metadata();
  metadata.set('exception', 'maximum-append-size-exceeded');
  metadata.set('maximum-append-size', String(maxAppendSizeBytes));
  return { code: status.INVALID_ARGUMENT, details: maxAppendSizeMessage(maxAppendSizeBytes), metadata };
}
