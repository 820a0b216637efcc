import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PROJECT_ROOT } from '@chainwire/core';

const DIR = join(PROJECT_ROOT, 'apps/server/src/portal');

/**
 * The consumer portal at /portal (docs/architecture.md §9): a static page and its script, read once at
 * boot, as plain Fastify routes outside the API's guard. The page needs no key to load; everything it
 * shows comes from the public API, called from the browser with the key the holder enters.
 */
export function servePortal(app: NestFastifyApplication): void {
  const page = readFileSync(join(DIR, 'portal.page.html'), 'utf8');
  const script = readFileSync(join(DIR, 'portal.client.js'), 'utf8');
  const fastify = app.getHttpAdapter().getInstance();
  const headers = {
    'cache-control': 'no-cache',
    'content-security-policy': "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
  };
  fastify.get('/portal', (_req, reply) => reply.headers(headers).type('text/html; charset=utf-8').send(page));
  fastify.get('/portal/portal.js', (_req, reply) =>
    reply.headers(headers).type('application/javascript; charset=utf-8').send(script),
  );
}
