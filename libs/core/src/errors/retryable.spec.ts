import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import {
  AccessDeniedError,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  convertToCommandError,
} from '@kurrent/kurrentdb-client';
import { backoffDelay, isRetryableError, NonRetryableError, RetryableError } from './retryable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const withStatus = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

describe('isRetryableError', () => {
  it.each([
    '40001',
    '40P01',
    '08006',
    '08003',
    '57P01',
    '53300',
    '55P03',
    'ECONNRESET',
    'ECONNREFUSED',
    'EAI_AGAIN',
  ])('retries code %s', (code) => expect(isRetryableError(withCode(code))).toBe(true));

  it.each(['23505', '42P01', '22P02', '42601', '22021', 'ERR_SOMETHING'])('does not retry code %s', (code) =>
    expect(isRetryableError(withCode(code))).toBe(false),
  );

  it.each([408, 425, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524])('retries HTTP %s', (status) =>
    expect(isRetryableError(withStatus(status))).toBe(true),
  );

  it.each([400, 401, 403, 404, 413])('does not retry HTTP %s', (status) =>
    expect(isRetryableError(withStatus(status))).toBe(false),
  );

  it("retries pg's code-less connection loss, also as the cause of another error", () => {
    const lost = new Error('Connection terminated unexpectedly');
    expect(isRetryableError(lost)).toBe(true);
    expect(isRetryableError(new Error('append failed', { cause: lost }))).toBe(true);
    expect(isRetryableError(new Error('request failed', { cause: withStatus(522) }))).toBe(true);
  });

  it('follows explicit marks, a non-retryable one anywhere in the chain winning', () => {
    expect(isRetryableError(new RetryableError('chain moved'))).toBe(true);
    expect(isRetryableError(new NonRetryableError('wrong chain id'))).toBe(false);
    expect(isRetryableError(new NonRetryableError('bad node', { cause: withCode('ECONNRESET') }))).toBe(
      false,
    );
    expect(isRetryableError(new RetryableError('outer', { cause: new NonRetryableError('inner') }))).toBe(
      false,
    );
  });

  const grpcError = (code: status, details: string, exception?: string): ServiceError => {
    const metadata = new Metadata();
    if (exception) metadata.set('exception', exception);
    if (exception === 'maximum-append-size-exceeded') metadata.set('maximum-append-size', '1048576');
    if (exception === 'wrong-expected-version') {
      metadata.set('stream-name', 's');
      metadata.set('expected-version', '0');
      metadata.set('actual-version', '1');
    }
    return Object.assign(new Error(`${code} ${status[code]}: ${details}`), { code, details, metadata });
  };

  it.each([
    [status.UNAVAILABLE, 'No connection established'],
    [status.DEADLINE_EXCEEDED, 'Deadline exceeded'],
    [status.ABORTED, 'Operation timed out'],
    [status.INTERNAL, 'Received RST_STREAM'],
    [status.CANCELLED, 'Cancelled on server'],
  ])('retries the KurrentDB client errors of gRPC status %s (%s)', (code, details) => {
    const converted = convertToCommandError(grpcError(code, details));
    expect(converted).not.toBeInstanceOf(WrongExpectedVersionError);
    expect(isRetryableError(converted)).toBe(true);
    // Also the raw gRPC error, as a subscription stream may emit it before the client converts it.
    expect(isRetryableError(grpcError(code, details))).toBe(true);
  });

  it('retries the client errors of its native reads, which may carry only their name', () => {
    expect(isRetryableError(new UnavailableError(undefined, 'UnavailableError'))).toBe(true);
    expect(isRetryableError(new DeadlineExceededError(undefined, 'DeadlineExceededError'))).toBe(true);
    expect(isRetryableError(Object.assign(new Error('UnavailableError'), { name: 'Error' }))).toBe(true);
    const bridge = Object.assign(new Error('transport error'), { name: 'UnavailableError' });
    expect(isRetryableError(bridge)).toBe(true);
    expect(isRetryableError(new TimeoutError(undefined, 'timed out'))).toBe(true);
    const notLeader = grpcError(status.NOT_FOUND, 'Leader info available', 'not-leader');
    notLeader.metadata.set('leader-endpoint-host', 'b');
    notLeader.metadata.set('leader-endpoint-port', '2113');
    expect(convertToCommandError(notLeader)).toBeInstanceOf(NotLeaderError);
    expect(isRetryableError(convertToCommandError(notLeader))).toBe(true);
  });

  it('does not retry the KurrentDB refusals a retry meets again', () => {
    const tooLarge = convertToCommandError(
      grpcError(
        status.INVALID_ARGUMENT,
        'Maximum Append Size of 1048576 Exceeded.',
        'maximum-append-size-exceeded',
      ),
    );
    expect(tooLarge).toBeInstanceOf(MaxAppendSizeExceededError);
    expect(isRetryableError(tooLarge)).toBe(false);
    const wrong = convertToCommandError(
      grpcError(status.FAILED_PRECONDITION, 'WrongExpectedVersion', 'wrong-expected-version'),
    );
    expect(wrong).toBeInstanceOf(WrongExpectedVersionError);
    expect(isRetryableError(wrong)).toBe(false);
    const denied = convertToCommandError(
      grpcError(status.PERMISSION_DENIED, 'Access denied', 'access-denied'),
    );
    expect(denied).toBeInstanceOf(AccessDeniedError);
    expect(isRetryableError(denied)).toBe(false);
    expect(isRetryableError(grpcError(status.RESOURCE_EXHAUSTED, 'Received message larger than max'))).toBe(
      false,
    );
    expect(isRetryableError(grpcError(status.INVALID_ARGUMENT, 'bad request'))).toBe(false);
  });

  it('does not retry bugs or non-errors', () => {
    expect(isRetryableError(new SyntaxError('Cannot convert abc to a BigInt'))).toBe(false);
    expect(isRetryableError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isRetryableError('40001')).toBe(false);
    expect(isRetryableError(undefined)).toBe(false);
  });
});

describe('backoffDelay', () => {
  it('doubles from the minimum up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 100].map((n) => backoffDelay(n, 100, 1000))).toEqual([
      100, 200, 400, 800, 1000, 1000, 1000,
    ]);
  });
  it("retries grpc-js's transport failures, whatever status code they carry", () => {
    for (const message of [
      '2 UNKNOWN: Stream removed',
      '13 INTERNAL: Received RST_STREAM with code 2',
      'GOAWAY received',
      'Channel has been shut down',
    ]) {
      expect(
        isRetryableError(Object.assign(new Error(message), { code: Number(message[0]) || undefined })),
      ).toBe(true);
    }
  });
});
