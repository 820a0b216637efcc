import {
  HttpRequestError,
  InvalidParamsRpcError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  TimeoutError,
} from 'viem';
import { isRetryableError } from '@chainwire/core';
import { isRangeTooLargeError, RetryableChainError, suggestedRangeSpan } from './rpc-errors';

// The one retry classifier (core's) on viem's errors as the node clients throw them.
describe('rpc errors', () => {
  const url = 'http://node';

  it('retries network failures, timeouts, rate limits and transient node states', () => {
    expect(isRetryableError(new HttpRequestError({ url, status: 429 }))).toBe(true);
    expect(isRetryableError(new HttpRequestError({ url, status: 503 }))).toBe(true);
    for (const status of [520, 521, 522, 523, 524]) {
      expect(isRetryableError(new HttpRequestError({ url, status }))).toBe(true);
    }
    expect(isRetryableError(new HttpRequestError({ url, cause: new Error('fetch failed') }))).toBe(true);
    expect(isRetryableError(new TimeoutError({ body: {}, url }))).toBe(true);
    expect(isRetryableError(new LimitExceededRpcError(new Error('rate limited')))).toBe(true);
    expect(isRetryableError(new RetryableChainError('chain moved'))).toBe(true);
    expect(isRetryableError(new Error('header not found'))).toBe(true);
  });

  it('does not retry bad requests, missing methods or plain bugs', () => {
    expect(isRetryableError(new HttpRequestError({ url, status: 400 }))).toBe(false);
    expect(isRetryableError(new HttpRequestError({ url, status: 401 }))).toBe(false);
    expect(isRetryableError(new MethodNotFoundRpcError(new Error('nope')))).toBe(false);
    expect(isRetryableError(new InvalidParamsRpcError(new Error('invalid argument 0')))).toBe(false);
    expect(isRetryableError(new TypeError('cannot read properties of undefined'))).toBe(false);
  });

  it('recognises the ways providers say an eth_getLogs range is too large', () => {
    for (const message of [
      'query returned more than 10000 results',
      'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range',
      'block range is too wide',
      'exceed maximum block range: 5000',
    ]) {
      expect(isRangeTooLargeError(new Error(message))).toBe(true);
    }
    expect(isRangeTooLargeError(new LimitExceededRpcError(new Error('x')))).toBe(true);
    expect(isRangeTooLargeError(new Error('invalid block hash'))).toBe(false);
  });

  it('reads the span a provider suggests', () => {
    expect(suggestedRangeSpan(new Error('this block range should work: [0x10, 0x2f]'))).toBe(32n);
    expect(suggestedRangeSpan(new Error('too many results'))).toBeUndefined();
  });
});
