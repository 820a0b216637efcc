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
  fastify.addHook('preValidation', async (request, reply) => {
    // No route matched: the answer is the 404, whatever the query holds.
    if (request.routeOptions.url === undefined) return;
    const offending =
      firstOffending('path parameter', request.params) ?? firstOffending('query parameter', request.query);
    if (!offending) return;
    const { status, body } = toErrorResponse(controlCharacterError(offending));
    await reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  });
}

function firstOffending(kind: string, holder: unknown): string | undefined {
  if (!holder || typeof holder !== 'object') return undefined;
  for (const [name, value] of Object.entries(holder)) {
    const values = Array.isArray(value) ? value : [value];
    if (hasControlCharacter(name)) return `A ${kind} name`;
    if (values.some((v) => typeof v === 'string' && hasControlCharacter(v))) return `The ${kind} ${name}`;
  }
  return undefined;
}
