import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';
import { parseJsonExact, stringifyJson } from './lossless-json';

/**
 * Replaces Fastify's JSON body parser and reply serializer with lossless ones (docs/architecture.md §7): request
 * integers arrive as bigint, decimals as LosslessNumber, and bigint responses keep every digit.
 */
export function registerExactJson(fastify: FastifyInstance, bodyLimit: number): void {
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
