import { BadRequestException, ForbiddenException, HttpException } from '@nestjs/common';
import {
  BroadcastRejectedError,
  ChainUnavailableError,
  ExecutionFailedError,
  NodeFailedError,
} from '../errors/chain-errors';
import { CommandRefusedError } from '../errors/command-refused';
import { ApiError } from './api-error';
import { describeCause, toErrorResponse } from './api-exception.filter';

describe('toErrorResponse', () => {
  it('keeps an ApiError code, status, message and details', () => {
    expect(toErrorResponse(ApiError.validation('limit: too big', { issues: [] }))).toEqual({
      status: 400,
      body: { ok: false, code: 'VALIDATION_ERROR', message: 'limit: too big', data: { issues: [] } },
    });
  });

  it('derives the code of a plain HttpException from its status', () => {
    expect(toErrorResponse(new ForbiddenException('no')).body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'no',
    });
    expect(toErrorResponse(new BadRequestException(['a is bad', 'b is bad'])).body.message).toBe(
      'a is bad; b is bad',
    );
    expect(toErrorResponse(new HttpException('slow down', 429)).body.code).toBe('RATE_LIMITED');
  });

  it("answers a refusal with its kind's status and its code, message and details", () => {
    expect(toErrorResponse(new CommandRefusedError('This quote exists already'))).toEqual({
      status: 409,
      body: { ok: false, code: 'CONFLICT', message: 'This quote exists already', data: null },
    });
    const notFound = new CommandRefusedError('No such quote', { kind: 'NOT_FOUND', code: 'QUOTE_NOT_FOUND' });
    expect(toErrorResponse(notFound)).toEqual({
      status: 404,
      body: { ok: false, code: 'QUOTE_NOT_FOUND', message: 'No such quote', data: null },
    });
    expect(toErrorResponse(new CommandRefusedError('exists', { code: 'X_EXISTS' }))).toMatchObject({
      status: 409,
      body: { code: 'X_EXISTS' },
    });
  });

  it('answers the chain failures: a revert 422, a refused broadcast 400, unavailability 503', () => {
    expect(toErrorResponse(new ExecutionFailedError('execution reverted: nope', '0x08c379a0'))).toEqual({
      status: 422,
      body: {
        ok: false,
        code: 'SIMULATION_FAILED',
        message: 'execution reverted: nope',
        data: { revertData: '0x08c379a0' },
      },
    });
    expect(toErrorResponse(new ExecutionFailedError('insufficient funds')).body.data).toEqual({
      revertData: null,
    });
    expect(toErrorResponse(new BroadcastRejectedError('nonce too low'))).toEqual({
      status: 400,
      body: { ok: false, code: 'BROADCAST_REJECTED', message: 'nonce too low', data: null },
    });
    const cause = new Error('https://node.example/KEY said no');
    for (const error of [
      new ChainUnavailableError('The chain node is unavailable: timed out', { cause }),
      new NodeFailedError('The chain node answered an error: answered JSON-RPC error -32000', { cause }),
    ]) {
      expect(toErrorResponse(error)).toEqual({
        status: 503,
        body: { ok: false, code: 'SERVICE_UNAVAILABLE', message: error.message, data: null },
      });
    }
  });

  it('keeps the 4xx status of framework errors and hides everything else', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    expect(toErrorResponse(tooLarge)).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    const crash = Object.assign(new Error('db password is hunter2'), { statusCode: 503 });
    expect(toErrorResponse(crash)).toEqual({
      status: 500,
      body: { ok: false, code: 'INTERNAL_ERROR', message: 'Internal server error', data: null },
    });
    expect(toErrorResponse('thrown string').status).toBe(500);
  });
});

describe('describeCause', () => {
  it('names each cause by its first line, URLs reduced to scheme and host, later lines left out', () => {
    const http = Object.assign(
      new Error('HTTP request failed.\n\nURL: https://mainnet.example/v3/k3y\nRequest body: {"id":1}'),
      {
        name: 'HttpRequestError',
        shortMessage: 'HTTP request failed at https://mainnet.example/v3/k3y',
      },
    );
    const unavailable = new Error('The chain node is unavailable: rate limited (HTTP 429)', { cause: http });
    expect(describeCause(unavailable)).toBe(
      'Error: The chain node is unavailable: rate limited (HTTP 429) <- HttpRequestError: HTTP request failed at https://mainnet.example',
    );
    expect(describeCause(undefined)).toBeUndefined();
  });
});
