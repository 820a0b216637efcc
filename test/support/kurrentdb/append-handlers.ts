import type { handleBidiStreamingCall, handleClientStreamingCall, ServiceError } from '@grpc/grpc-js';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { decideAppend, type AppendDecision, type ExpectedState } from './append-decision';
import { appendSizeBytes, maxAppendSizeExceededError, maxAppendSizeMessage } from './append-size';
import type { EventLog, LoggedEvent, ProposedEvent } from './event-log';
import type { OpenCalls } from './open-calls';
import { codePb, sharedPb, statusPb, streamsPb } from './protocol';
import { proposedEvent, streamIdentifier, streamName } from './wire-values';

export interface AppendContext {
  readonly log: EventLog;
  readonly openCalls: OpenCalls;
  readonly maxAppendSizeBytes: number;
  /** Counts one append request (an Append call, or one correlation of a BatchAppend call). */
  countAppend(): void;
}

type Outcome =
  | { readonly kind: 'done'; readonly decision: AppendDecision; readonly last: LoggedEvent | undefined }
  | { readonly kind: 'too_large' };

/** Size check first (nothing of an oversized append is written), then the commit check, then the write. */
function appendEvents(
  context: AppendContext,
  stream: string,
  expected: ExpectedState,
  events: readonly ProposedEvent[],
): Outcome {
  if (appendSizeBytes(events) > context.maxAppendSizeBytes) return { kind: 'too_large' };
  const decision = decideAppend(context.log, stream, expected, events);
  if (decision.kind === 'write') {
    const written = context.log.commit(stream, events);
    return { kind: 'done', decision, last: written[written.length - 1] };
  }
  return { kind: 'done', decision, last: decision.kind === 'already_written' ? decision.last : undefined };
}

/** `Streams.Append`: one options message, then the proposed events, answered once the client ends. */
export function appendHandler(
  context: AppendContext,
): handleClientStreamingCall<streamsPb.AppendReq, streamsPb.AppendResp> {
  return (call, callback) => {
    context.countAppend();
    let options: streamsPb.AppendReq.Options | undefined;
    const events: ProposedEvent[] = [];
    let answered = false;
    const answer = (error: Partial<ServiceError> | null, reply?: streamsPb.AppendResp) => {
      if (answered) return;
      answered = true;
      forget();
      callback(error, reply);
    };
    const forget = context.openCalls.add({
      kind: 'append',
      end: (code, details) => answer({ code, details }),
    });
    call.on('data', (request: streamsPb.AppendReq) => {
      if (request.hasOptions()) options = request.getOptions();
      else if (request.hasProposedMessage()) events.push(proposedEvent(request.getProposedMessage()!));
    });
    call.on('error', () => forget());
    call.on('end', () => {
      if (!options) return answer({ code: 3, details: 'Append without options' });
      const expected = appendExpectedState(options);
      const outcome = appendEvents(context, streamName(options.getStreamIdentifier()), expected, events);
      if (outcome.kind === 'too_large') return answer(maxAppendSizeExceededError(context.maxAppendSizeBytes));
      answer(null, appendReply(outcome, expected));
    });
  };
}

function appendExpectedState(options: streamsPb.AppendReq.Options): ExpectedState {
  if (options.hasRevision()) return { kind: 'revision', revision: BigInt(options.getRevision()) };
  if (options.hasNoStream()) return { kind: 'no_stream' };
  if (options.hasStreamExists()) return { kind: 'stream_exists' };
  return { kind: 'any' };
}

function appendReply(
  outcome: Extract<Outcome, { kind: 'done' }>,
  expected: ExpectedState,
): streamsPb.AppendResp {
  const reply = new streamsPb.AppendResp();
  if (outcome.decision.kind === 'wrong_expected_version') {
    const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
    const current = outcome.decision.current;
    if (current === undefined) wrong.setCurrentNoStream(new sharedPb.Empty());
    else wrong.setCurrentRevision(current.toString());
    if (expected.kind === 'revision') wrong.setExpectedRevision(expected.revision.toString());
    else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
    else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
    else wrong.setExpectedAny(new sharedPb.Empty());
    return reply.setWrongExpectedVersion(wrong);
  }
  const success = new streamsPb.AppendResp.Success();
  if (outcome.last) {
    success.setCurrentRevision(outcome.last.revision.toString());
    const position = new streamsPb.AppendResp.Position();
    position.setCommitPosition(outcome.last.position.toString());
    position.setPreparePosition(outcome.last.position.toString());
    success.setPosition(position);
  } else {
    success.setNoStream(new sharedPb.Empty());
    success.setNoPosition(new sharedPb.Empty());
  }
  return reply.setSuccess(success);
}

interface PendingBatch {
  stream: string;
  expected: ExpectedState;
  options: streamsPb.BatchAppendReq.Options;
  events: ProposedEvent[];
}

/**
 * `Streams.BatchAppend`: one long-lived bidirectional call carrying many appends, each a run of requests
 * sharing a correlation id, the first with options and the last marked final. The client prefers it
 * whenever the server lists it among its supported methods, as every KurrentDB release does; each
 * append's result or error comes back as one response with that correlation id.
 */
export function batchAppendHandler(
  context: AppendContext,
): handleBidiStreamingCall<streamsPb.BatchAppendReq, streamsPb.BatchAppendResp> {
  return (call) => {
    const pending = new Map<string, PendingBatch>();
    const forget = context.openCalls.add({
      kind: 'append',
      end: (code, details) => call.emit('error', { code, details }),
    });
    call.on('error', () => forget());
    call.on('cancelled', () => forget());
    call.on('end', () => {
      forget();
      call.end();
    });
    call.on('data', (request: streamsPb.BatchAppendReq) => {
      const correlation = request.getCorrelationId();
      const key = correlation?.serializeBinary().toString() ?? '';
      let batch = pending.get(key);
      if (!batch) {
        const options = request.getOptions();
        if (!options) return;
        context.countAppend();
        batch = {
          stream: streamName(options.getStreamIdentifier()),
          expected: batchExpectedState(options),
          options,
          events: [],
        };
        pending.set(key, batch);
      }
      batch.events.push(...request.getProposedMessagesList().map(proposedEvent));
      if (!request.getIsFinal()) return;
      pending.delete(key);
      const outcome = appendEvents(context, batch.stream, batch.expected, batch.events);
      call.write(batchReply(context, correlation, batch, outcome));
    });
  };
}

function batchExpectedState(options: streamsPb.BatchAppendReq.Options): ExpectedState {
  if (options.hasStreamPosition()) return { kind: 'revision', revision: BigInt(options.getStreamPosition()) };
  if (options.hasNoStream()) return { kind: 'no_stream' };
  if (options.hasStreamExists()) return { kind: 'stream_exists' };
  return { kind: 'any' };
}

function batchReply(
  context: AppendContext,
  correlation: sharedPb.UUID | undefined,
  batch: PendingBatch,
  outcome: Outcome,
): streamsPb.BatchAppendResp {
  const reply = new streamsPb.BatchAppendResp();
  reply.setCorrelationId(correlation);
  reply.setStreamIdentifier(streamIdentifier(batch.stream));
  const expected = batch.expected;
  if (expected.kind === 'revision') reply.setStreamPosition(expected.revision.toString());
  else if (expected.kind === 'no_stream') reply.setNoStream(new sharedPb.Empty());
  else if (expected.kind === 'stream_exists') reply.setStreamExists(new sharedPb.Empty());
  else reply.setAny(new sharedPb.Empty());

  if (outcome.kind === 'too_large') {
    const details = new sharedPb.MaximumAppendSizeExceeded().setMaxappendsize(context.maxAppendSizeBytes);
    return reply.setError(
      errorStatus(
        codePb.Code.INVALID_ARGUMENT,
        maxAppendSizeMessage(context.maxAppendSizeBytes),
        details.serializeBinary(),
        'event_store.client.MaximumAppendSizeExceeded',
      ),
    );
  }
  if (outcome.decision.kind === 'wrong_expected_version') {
    const details = new sharedPb.WrongExpectedVersion();
    const current = outcome.decision.current;
    if (current === undefined) details.setCurrentNoStream(new sharedPb.Empty());
    else details.setCurrentStreamRevision(current.toString());
    if (expected.kind === 'revision') details.setExpectedStreamPosition(expected.revision.toString());
    else if (expected.kind === 'no_stream') details.setExpectedNoStream(new sharedPb.Empty());
    else if (expected.kind === 'stream_exists') details.setExpectedStreamExists(new sharedPb.Empty());
    else details.setExpectedAny(new sharedPb.Empty());
    return reply.setError(
      errorStatus(
        codePb.Code.FAILED_PRECONDITION,
        'WrongExpectedVersion',
        details.serializeBinary(),
        'event_store.client.WrongExpectedVersion',
      ),
    );
  }
  const success = new streamsPb.BatchAppendResp.Success();
  if (outcome.last) {
    success.setCurrentRevision(outcome.last.revision.toString());
    const position = new sharedPb.AllStreamPosition();
    position.setCommitPosition(outcome.last.position.toString());
    position.setPreparePosition(outcome.last.position.toString());
    success.setPosition(position);
  } else {
    success.setNoStream(new sharedPb.Empty());
    success.setNoPosition(new sharedPb.Empty());
  }
  return reply.setSuccess(success);
}

/** A google.rpc.Status whose `details` packs the protocol's error message under its type name. */
function errorStatus(
  code: codePb.Code,
  message: string,
  details: Uint8Array,
  typeName: string,
): statusPb.Status {
  const packed = new Any();
  packed.pack(details, typeName);
  return new statusPb.Status().setCode(code).setMessage(message).setDetails(packed);
}
