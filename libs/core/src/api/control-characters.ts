import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';
import { toErrorResponse } from './api-exception.filter';
import { ErrorCode } from './error-codes';

/**
 * C0 control characters and DEL. No field of the API has a use for them, and they are where hostile
 * input hides: PostgreSQL refuses NUL in text (a 500 at append time, or an event a consumer can
 * never apply), and line breaks forge log lines and headers.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

export function controlCharacterError(where: string): ApiError {
  return ApiError.badRequest(
    ErrorCode.INVALID_CHARACTERS,
    `${where} contains a control character (U+0000–U+001F or U+007F), which no field accepts`,
  );
}

/**
 * Refuses control characters in every path parameter and query value before any guard or handler
 * runs (bodies are checked by the JSON parser as they are read), so no route can forget the check. It
 * runs after the key check (an onRequest hook): a request without a valid key is 401 whatever it holds.
 */
export function registerControlCharacterCheck(fastify: FastifyInstance): void {
  // Callback style: the common, clean request costs no promise.
  fastify.addHook('preValidation', (request, reply, done) => {
    // No route matched: the answer is the 404, whatever the query holds.
    if (request.routeOptions.url === undefined) return done();
    const offending =
      firstOffending('path parameter', request.params) ?? firstOffending('query parameter', request.query);
    if (!offending) return done();
    const { status, body } = toErrorResponse(controlCharacterError(offending));
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  });
}

function firstOffending(kind: string, holder: unknown): string | undefined {
  if (!holder || typeof holder !== 'object') return undefined;
  for (const name in holder) {
    if (!Object.hasOwn(holder, name)) continue;
    if (hasControlCharacter(name)) return `A ${kind} name`;
    const value = (holder as Record<string, unknown>)[name];
    if (Array.isArray(value) ? value.some(isOffendingValue) : isOffendingValue(value))
      return `The ${kind} ${name}`;
  }
  return undefined;
}

function isOffendingValue(value: unknown): boolean {
  return typeof value === 'string' && hasControlCharacter(value);
}
