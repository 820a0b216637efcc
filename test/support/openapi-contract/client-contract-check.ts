import { validateAll } from './contract-check';
import type { OpenApiContractCheck } from './contract-check';
import { contractReport, failedReport } from './contract-report';
import { SERVED_DOCUMENT_PATH } from './load-document';
import type { OpenApiDocument } from './openapi-paths';
import type { RecordedResponse } from './recorded-response';

export interface ClientContractCheck extends OpenApiContractCheck {
  /** Records an answer a client received: the method, the path it called and what came back. */
  record(method: string, path: string, status: number, contentType: string | null, body: string): void;
  /**
   * Fetches the served document now, so a check made after the service stopped (or was killed) still
   * validates against the document of the build that answered.
   */
  fetchDocument(): Promise<void>;
}

/**
 * The contract check for a service reached over HTTP, whose Fastify instance the test cannot hook: the
 * client records what it received, and the document is the one the service serves. The route template is
 * unknown here, so the operation is found from the path; a 404 for a path no operation of the document
 * matches is taken as the router's (not an operation's).
 */
export function checkClientAnswers(baseUrl: string): ClientContractCheck {
  const responses: RecordedResponse[] = [];
  let optedOut: string | undefined;
  let document: OpenApiDocument | undefined;
  const fetchDocument = async (): Promise<OpenApiDocument> => {
    const served = await fetch(`${baseUrl}${SERVED_DOCUMENT_PATH}`);
    if (!served.ok) throw new Error(`GET ${SERVED_DOCUMENT_PATH} answered ${served.status}`);
    return (await served.json()) as OpenApiDocument;
  };
  return {
    record(method, path, status, contentType, body) {
      responses.push({
        method: method.toUpperCase(),
        route: undefined,
        path: path.split('?')[0],
        status,
        contentType: contentType ?? undefined,
        body,
        unrouted: status === 404,
      });
    },
    async fetchDocument() {
      document = await fetchDocument();
    },
    optOut(reason) {
      if (!reason.trim()) throw new Error('an opt-out from the OpenAPI contract check needs a reason');
      optedOut = reason;
    },
    async check() {
      if (optedOut !== undefined || responses.length === 0) return contractReport(0, responses.length, []);
      try {
        return validateAll(document ?? (await fetchDocument()), responses);
      } catch (error) {
        return failedReport(responses.length, error);
      }
    },
  };
}
