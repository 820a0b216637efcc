import { createReadStream } from 'node:fs';
import { dirname, join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { completeDocument, type DocumentCompletion } from './openapi/complete-document';

export const API_KEY_SECURITY = 'api-key';

export interface ApiDocsOptions extends DocumentCompletion {
  title: string;
  version: string;
  description?: string;
  license?: { name: string; url: string };
  /** Defaults to /docs; the OpenAPI document is served at `<path>/openapi.json`. */
  path?: string;
}

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/**
 * The OpenAPI document: paths from the controllers' decorators, whose schemas come from the zod
 * schemas that validate the requests and define the answers (openapi/), then completed.
 */
export function buildOpenApiDocument(app: NestFastifyApplication, options: ApiDocsOptions): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(options.title)
    .setVersion(options.version)
    .addApiKey({ type: 'apiKey', name: 'x-api-key', in: 'header' }, API_KEY_SECURITY)
    .addSecurityRequirements(API_KEY_SECURITY);
  if (options.description) builder.setDescription(options.description);
  if (options.license) builder.setLicense(options.license.name, options.license.url);
  return completeDocument(SwaggerModule.createDocument(app, builder.build()), options);
}

/**
 * Serves Swagger UI and the OpenAPI document as plain Fastify routes, outside Nest's guards (the docs
 * need no API key). Swagger UI's assets come from swagger-ui-dist; @nestjs/swagger's own UI serving
 * would need @fastify/static.
 */
export function serveApiDocs(app: NestFastifyApplication, options: ApiDocsOptions): void {
  const path = options.path ?? '/docs';
  let document: string | undefined;
  const fastify = app.getHttpAdapter().getInstance();
  const assetsDir = swaggerUiDistDir();
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${path}/swagger-ui.css"><link rel="icon" href="${path}/favicon-32x32.png"></head>
<body><div id="swagger-ui"></div>
<script src="${path}/swagger-ui-bundle.js"></script>
<script src="${path}/swagger-ui-init.js"></script>
</body></html>`;
  const init = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(`${path}/openapi.json`)}, dom_id: '#swagger-ui', persistAuthorization: true });`;

  fastify.get(path, (_req, reply) => reply.type('text/html; charset=utf-8').send(html));
  fastify.get(`${path}/openapi.json`, (_req, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument(app, options));
    return reply.type('application/json; charset=utf-8').send(document);
  });
  fastify.get(`${path}/swagger-ui-init.js`, (_req, reply) => reply.type('application/javascript').send(init));
  for (const [file, type] of Object.entries(ASSETS)) {
    fastify.get(`${path}/${file}`, (_req, reply) =>
      reply.type(type).send(createReadStream(join(assetsDir, file))),
    );
  }
}

function swaggerUiDistDir(): string {
  const swaggerPackage = require.resolve('@nestjs/swagger');
  return dirname(require.resolve('swagger-ui-dist/package.json', { paths: [dirname(swaggerPackage)] }));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
