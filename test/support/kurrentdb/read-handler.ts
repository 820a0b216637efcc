import { status, type handleServerStreamingCall, type ServerWritableStream } from '@grpc/grpc-js';
import { serveAllSubscription } from './all-subscription';
import type { EventLog, LoggedEvent } from './event-log';
import type { OpenCalls } from './open-calls';
import { streamsPb } from './protocol';
import { readFilter } from './read-filter';
import { readEventResponse, type RecordShape } from './recorded-event';
import { streamIdentifier, streamName } from './wire-values';

export interface ReadContext {
  readonly log: EventLog;
  readonly openCalls: OpenCalls;
  readonly readBatchSize: number;
}

type ReadCall = ServerWritableStream<streamsPb.ReadReq, streamsPb.ReadResp>;

/** `Streams.Read`: a bounded read of a stream or of $all, or (with `subscription`) a $all subscription. */
export function readHandler(
  context: ReadContext,
): handleServerStreamingCall<streamsPb.ReadReq, streamsPb.ReadResp> {
  return (call) => {
    const options = call.request.getOptions();
    if (!options)
      return call.emit('error', { code: status.INVALID_ARGUMENT, details: 'Read without options' });
    if (options.hasSubscription()) {
      if (!options.hasAll()) {
        return call.emit('error', {
          code: status.UNIMPLEMENTED,
          details: 'stream subscriptions are not modelled',
        });
      }
      return serveAllSubscription(call, options, context.log, context.openCalls, context.readBatchSize);
    }
    const forget = context.openCalls.add({
      kind: 'read',
      end: (code, details) => call.emit('error', { code, details }),
    });
    call.on('cancelled', forget);
    const shape: RecordShape = {
      structuredIds: options.getUuidOption()?.hasStructured() ?? false,
      resolveLinks: options.getResolveLinks(),
    };
    const count = options.hasCount() ? BigInt(options.getCount()) : BigInt(Number.MAX_SAFE_INTEGER);
    const backwards = options.getReadDirection() === streamsPb.ReadReq.Options.ReadDirection.BACKWARDS;
    if (options.hasStream()) readStream(call, context.log, options.getStream()!, backwards, count, shape);
    else readAll(call, context.log, options, backwards, count, shape);
    forget();
    call.end();
  };
}

/**
 * Forwards from a revision (inclusive) or backwards down from one (inclusive; `end` is the last event),
 * at most `count` events. A stream with no events answers one `stream_not_found` message, as the server
 * does, and the client turns it into StreamNotFoundError.
 */
function readStream(
  call: ReadCall,
  log: EventLog,
  options: streamsPb.ReadReq.Options.StreamOptions,
  backwards: boolean,
  count: bigint,
  shape: RecordShape,
): void {
  const name = streamName(options.getStreamIdentifier());
  const events = log.stream(name);
  if (!events?.length) {
    const notFound = new streamsPb.ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(name));
    call.write(new streamsPb.ReadResp().setStreamNotFound(notFound));
    return;
  }
  const last = events.length - 1;
  let index: number;
  if (options.hasStart()) index = backwards ? -1 : 0;
  else if (options.hasEnd()) index = backwards ? last : events.length;
  else {
    const revision = BigInt(options.getRevision());
    index = revision > BigInt(last) ? (backwards ? last : events.length) : Number(revision);
  }
  for (let sent = 0n; sent < count && index >= 0 && index <= last; sent += 1n) {
    call.write(readEventResponse(log, events[index], shape));
    index += backwards ? -1 : 1;
  }
}

/**
 * Forwards from a position (inclusive) or backwards from one (exclusive: what came before it), with the
 * request's filter applied before `count` is counted.
 */
function readAll(
  call: ReadCall,
  log: EventLog,
  options: streamsPb.ReadReq.Options,
  backwards: boolean,
  count: bigint,
  shape: RecordShape,
): void {
  const all = options.getAll()!;
  const filter = readFilter(options);
  let index: number;
  if (all.hasStart()) index = backwards ? -1 : 0;
  else if (all.hasEnd()) index = backwards ? log.length - 1 : log.length;
  else {
    const at = log.indexAtOrAfter(BigInt(all.getPosition()!.getCommitPosition()));
    index = backwards ? at - 1 : at;
  }
  let sent = 0n;
  for (; sent < count && index >= 0 && index < log.length; index += backwards ? -1 : 1) {
    const event: LoggedEvent = log.at(index)!;
    if (filter && !filter.matches(event)) continue;
    call.write(readEventResponse(log, event, shape));
    sent += 1n;
  }
}
