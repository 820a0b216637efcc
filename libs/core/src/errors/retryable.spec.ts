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
});
