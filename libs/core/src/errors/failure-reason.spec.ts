import { failureReason } from './failure-reason';

const SECRET = 'SECRET123';
/** An error shaped like viem's: its message holds the keyed URL and the request body. */
const viemLike = (fields: Record<string, unknown>, cause?: unknown) =>
  Object.assign(
    new Error(
      `HTTP request failed.\nURL: https://n.example/v3/${SECRET}\nRequest body: {"params":["0xa11ce"]}`,
      {
        cause,
      },
    ),
    { name: 'HttpRequestError' },
    fields,
  );

describe('failureReason', () => {
  it.each([
    ['a 429', viemLike({ status: 429 }), 'rate limited (HTTP 429)'],
    ['a JSON-RPC limit', viemLike({ code: -32005 }), 'rate limited (JSON-RPC -32005)'],
    [
      'a 429 deep in the cause chain',
      new Error(`call failed ${SECRET}`, { cause: viemLike({ status: 429 }) }),
      'rate limited (HTTP 429)',
    ],
    ['a 5xx', viemLike({ status: 503 }), 'answered HTTP 503'],
    ['a timeout', viemLike({ name: 'TimeoutError' }), 'timed out'],
    [
      'a refused socket',
      Object.assign(new Error(`connect ECONNREFUSED ${SECRET}`), { code: 'ECONNREFUSED' }),
      'connection failed (ECONNREFUSED)',
    ],
    ['a JSON-RPC error', viemLike({ code: -32000 }), 'answered JSON-RPC error -32000'],
    [
      'a database error',
      Object.assign(new Error(`relation ${SECRET} does not exist`), { code: '42P01', severity: 'ERROR' }),
      'database error (SQLSTATE 42P01)',
    ],
    ['fetch without a code', new TypeError('fetch failed'), 'connection failed'],
    ['anything else', new RangeError(`bad ${SECRET}`), 'RangeError (details in the log)'],
    ['a thrown string', `boom ${SECRET}`, 'string (details in the log)'],
  ])('%s', (_, error, expected) => {
    const reason = failureReason(error);
    expect(reason).toBe(expected);
    expect(reason).not.toContain(SECRET);
  });

  it('takes a reason this code base wrote (publicReason) before the facts of its cause', () => {
    const own = Object.assign(new Error('x'), { publicReason: 'block 5 is not available' });
    expect(failureReason(own)).toBe('block 5 is not available');
    const wrapped = Object.assign(new Error('y', { cause: viemLike({ status: 429 }) }), {
      publicReason: 'the Tron node refused /wallet/getaccount',
    });
    expect(failureReason(wrapped)).toBe('the Tron node refused /wallet/getaccount');
  });

  it('never takes a 2xx for an HTTP failure, nor a name that is not an identifier', () => {
    expect(failureReason(viemLike({ status: 200, code: -32000 }))).toBe('answered JSON-RPC error -32000');
    expect(failureReason(Object.assign(new Error('z'), { name: `https://n.example/v3/${SECRET}` }))).toBe(
      'Error (details in the log)',
    );
  });
});
