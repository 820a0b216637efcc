import { BadRequestException, ForbiddenException, HttpException } from '@nestjs/common';
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
