import { backoffDelay, isTransientDbError } from './transient-error';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isTransientDbError', () => {
  it.each(['40001', '40P01', '08006', '08003', '57P01', '53300', '55P03', 'ECONNRESET', 'ECONNREFUSED'])(
    'retries %s',
    (code) => expect(isTransientDbError(withCode(code))).toBe(true),
  );

  it.each(['23505', '42P01', '22P02', '42601', 'ERR_SOMETHING'])('does not retry %s', (code) =>
    expect(isTransientDbError(withCode(code))).toBe(false),
  );

  it('recognises pg connection messages and rejects non-errors', () => {
    expect(isTransientDbError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientDbError(new SyntaxError('Cannot convert abc to a BigInt'))).toBe(false);
    expect(isTransientDbError('40001')).toBe(false);
  });
});

describe('backoffDelay', () => {
  it('doubles from the minimum up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 100].map((n) => backoffDelay(n, 100, 1000))).toEqual([
      100, 200, 400, 800, 1000, 1000, 1000,
    ]);
  });
});
