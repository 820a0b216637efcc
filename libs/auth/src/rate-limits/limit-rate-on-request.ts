import type { FastifyInstance } from 'fastify';
import type { AuthenticatedRequest } from '../guard/current-api-key.decorator';
import { API_PREFIX } from '../guard/authenticate-on-request';
import type { BudgetDecision, KeyBudget } from './key-budget';
import { RateLimitedError } from './rate-limited-error';
import { rateLimitHeaders } from './rate-limit-headers';
import { routeCost } from './route-costs';

/**
 * Charges each /api/ request its route's cost (route-costs.ts) from its key's budget, in Fastify's
 * onRequest hook right after the key check (docs/architecture.md §7): a refused request is 429
 * RATE_LIMITED before its body is read or parsed. Every metered answer, refused or not, carries the
 * RateLimit-Policy and RateLimit fields; a refused one Retry-After too. Errors go to `done`, so Nest's
 * exception filter writes the envelope, and the headers set here stay on the reply it sends.
 */
export function registerRateLimit(fastify: FastifyInstance, budget: KeyBudget): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const key = (request as AuthenticatedRequest).apiKey;
    const url = request.routeOptions.url;
    // The key check answered 401 to every /api/ request without a valid key: no key, not metered.
    if (!key || !url?.startsWith(API_PREFIX)) return done();
    const answer = (decision: BudgetDecision | undefined): void => {
      if (!decision) return done();
      void reply.headers(rateLimitHeaders(decision));
      done(decision.allowed ? undefined : new RateLimitedError(decision.retryAfterSeconds));
    };
    let charged: ReturnType<KeyBudget['charge']>;
    try {
      charged = budget.charge(key, routeCost(request.method, url));
    } catch (error) {
      return done(error as Error);
    }
    // Callback style: a synchronous store (standalone mode) costs no promise and no extra tick.
    if (charged instanceof Promise) charged.then(answer, done);
    else answer(charged);
  });
  // A handler's own charge (KeyBudget.chargeKey) refused: its 429 gets the wait too.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) {
      const key = (request as AuthenticatedRequest).apiKey;
      const seconds = key && budget.retryAfterFor(key.id);
      if (seconds) void reply.header('Retry-After', String(seconds));
    }
    done(null, payload);
  });
}
