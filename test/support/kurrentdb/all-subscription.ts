import { randomUUID } from 'node:crypto';
import type { ServerWritableStream } from '@grpc/grpc-js';
import { Timestamp } from 'google-protobuf/google/protobuf/timestamp_pb';
import type { EventLog, LoggedEvent } from './event-log';
import type { OpenCalls } from './open-calls';
import { streamsPb } from './protocol';
import { readFilter } from './read-filter';
import { readEventResponse, type RecordShape } from './recorded-event';

/**
 * Events a catch-up subscription reads from the log per server-side page before it yields to other work.
 * The server's $all subscription pages in reads of 32 events, the same figure as its filter window.
 */
export const DEFAULT_READ_BATCH_SIZE = 32;

type ReadCall = ServerWritableStream<streamsPb.ReadReq, streamsPb.ReadResp>;

/**
 * A `$all` subscription: confirmation, catch-up from the requested point (a position is exclusive: the
 * subscription starts after it), `caught_up` once the catch-up reached the head, then every later commit
 * pushed as it happens. With a filter, each `checkpointEvery` left-out events produce a checkpoint at the
 * last one, while catching up and while live, so a subscriber whose filter admits nothing still advances.
 */
export function serveAllSubscription(
  call: ReadCall,
  options: streamsPb.ReadReq.Options,
  log: EventLog,
  openCalls: OpenCalls,
  readBatchSize: number,
): void {
  const filter = readFilter(options);
  const shape: RecordShape = {
    structuredIds: options.getUuidOption()?.hasStructured() ?? false,
    resolveLinks: options.getResolveLinks(),
  };
  let cursor = startIndex(log, options.getAll()!);
  let leftOut = 0;
  let ended = false;
  let stopLive = () => {};

  const finish = () => {
    ended = true;
    stopLive();
    forget();
  };
  const forget = openCalls.add({
    kind: 'read',
    end: (code, details) => {
      finish();
      call.emit('error', { code, details });
    },
  });
  call.on('cancelled', finish);
  call.on('error', finish);

  /** Sends what the filter admits, or counts it toward the next checkpoint; false when the call is full. */
  const process = (event: LoggedEvent): boolean => {
    if (!filter || filter.matches(event)) return call.write(readEventResponse(log, event, shape));
    leftOut += 1;
    if (leftOut < filter.checkpointEvery) return true;
    leftOut = 0;
    return call.write(checkpoint(event.position));
  };

  const goLive = () => {
    call.write(caughtUp(log));
    stopLive = log.onCommit(() => {
      while (!ended && cursor < log.length) process(log.at(cursor++)!);
    });
  };

  const catchUp = async () => {
    while (!ended && cursor < log.length) {
      const end = Math.min(cursor + readBatchSize, log.length);
      let room = true;
      while (cursor < end) room = process(log.at(cursor++)!) && room;
      if (!room) await drainedOrEnded(call);
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (!ended) goLive();
  };

  const confirmation = new streamsPb.ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID());
  call.write(new streamsPb.ReadResp().setConfirmation(confirmation));
  void catchUp();
}

function startIndex(log: EventLog, all: streamsPb.ReadReq.Options.AllOptions): number {
  if (all.hasStart()) return 0;
  if (all.hasEnd()) return log.length;
  return log.indexAtOrAfter(BigInt(all.getPosition()!.getCommitPosition()) + 1n);
}

function checkpoint(position: bigint): streamsPb.ReadResp {
  const message = new streamsPb.ReadResp.Checkpoint();
  message.setCommitPosition(position.toString());
  message.setPreparePosition(position.toString());
  message.setTimestamp(Timestamp.fromDate(new Date()));
  return new streamsPb.ReadResp().setCheckpoint(message);
}

function caughtUp(log: EventLog): streamsPb.ReadResp {
  const message = new streamsPb.ReadResp.CaughtUp();
  message.setTimestamp(Timestamp.fromDate(new Date()));
  const head = log.at(log.length - 1);
  if (head) {
    const position = new streamsPb.ReadResp.Position();
    position.setCommitPosition(head.position.toString());
    position.setPreparePosition(head.position.toString());
    message.setPosition(position);
  }
  return new streamsPb.ReadResp().setCaughtUp(message);
}

/** Resolves when the call can take more writes, or when it ends (so a dropped call does not hold the loop). */
function drainedOrEnded(call: ReadCall): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      call.off('drain', done);
      call.off('cancelled', done);
      call.off('finish', done);
      resolve();
    };
    call.on('drain', done);
    call.on('cancelled', done);
    call.on('finish', done);
  });
}
