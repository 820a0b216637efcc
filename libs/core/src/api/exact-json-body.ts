import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';
import { ErrorCode } from './error-codes';
import { LARGE_BODY } from './large-body.decorator';
import { stringifyJson } from '../json/lossless-json';
import { parseJsonExact } from '../json/parse-json-exact';

/**
 * Replaces Fastify's JSON body parser and reply serializer with lossless ones (docs/architecture.md §7): request
 * integers arrive as bigint, decimals as LosslessNumber, and bigint responses keep every digit.
 *
 * A route takes `smallBodyLimit` bytes unless it is marked @LargeBody(), then `bodyLimit`: no route but
 * those carrying signed transactions needs more than a few KB, so a client sending large bodies to the
 * others is refused before they are parsed.
 */
export function registerExactJson(fastify: FastifyInstance, bodyLimit: number, smallBodyLimit: number): void {
  fastify.removeContentTypeParser(['application/json']);
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      // No route matched: the answer is the 404, whatever the body holds.
      if (text.trim() === '' || request.routeOptions.url === undefined) {
        done(null, undefined);
        return;
      }
      const large =
        (request.routeOptions.config as { [LARGE_BODY]?: unknown } | undefined)?.[LARGE_BODY] === true;
      const limit = large ? bodyLimit : Math.min(bodyLimit, smallBodyLimit);
      if (Buffer.byteLength(text) > limit) {
        done(
          new ApiError(
            413,
            ErrorCode.PAYLOAD_TOO_LARGE,
            `The body is larger than this route takes (${limit} bytes)`,
          ),
          undefined,
        );
        return;
      }
      try {
        done(null, parseJsonExact(text, { refuseControlCharacters: true }));
      } catch (error) {
        if (error instanceof ApiError) {
          done(error, undefined);
          return;
        }
        const reason = error instanceof Error ? error.message : String(error);
        done(ApiError.validation(`Malformed JSON body: ${reason}`), undefined);
      }
    },
  );
  fastify.setReplySerializer((payload) => stringifyJson(payload));
}
