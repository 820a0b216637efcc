import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenApiDocument } from './openapi-paths';

/** Where createHttpApp's `docs` option serves the document. */
export const SERVED_DOCUMENT_PATH = '/docs/openapi.json';

/**
 * The document the app serves, built by the same code that serves the server's: an app under check is
 * created with createHttpApp's `docs` option.
 */
export async function loadDocument(app: NestFastifyApplication): Promise<OpenApiDocument> {
  const served = await app.inject({ method: 'GET', url: SERVED_DOCUMENT_PATH });
  if (served.statusCode !== 200) {
    throw new Error(
      `GET ${SERVED_DOCUMENT_PATH} answered ${served.statusCode}: create the app with createHttpApp's docs option`,
    );
  }
  return JSON.parse(served.body) as OpenApiDocument;
}
