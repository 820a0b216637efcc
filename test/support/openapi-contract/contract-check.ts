import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type ContractReport, contractReport, failedReport } from './contract-report';
import { loadDocument } from './load-document';
import type { OpenApiDocument } from './openapi-paths';
import type { RecordedResponse } from './recorded-response';
import { recordResponses } from './response-recorder';
import { type ContractViolation, createResponseValidator } from './response-validator';

export interface OpenApiContractCheck {
  /**
   * Exempts this app's answers from the check. `reason` says why, e.g. a spec that sends malformed
   * requests on purpose to paths outside the document; it is required so no spec opts out silently.
   */
  optOut(reason: string): void;
  /**
   * Validates every recorded answer against the app's document; run while the app is still open. Never
   * throws, so a harness closes everything before `assertConforms()` fails the spec.
   */
  check(): Promise<ContractReport>;
}

/**
 * Records the app's answers from now on (install before its first request) and checks them against
 * the OpenAPI document the app serves, so a harness fails its spec when the service answers something
 * the document does not describe (docs/architecture.md §7).
 */
export function checkOpenApiContract(app: NestFastifyApplication): OpenApiContractCheck {
  const recorder = recordResponses(app);
  let optedOut: string | undefined;
  return {
    optOut(reason) {
      if (!reason.trim()) throw new Error('an opt-out from the OpenAPI contract check needs a reason');
      optedOut = reason;
    },
    async check() {
      recorder.stop();
      if (optedOut !== undefined || recorder.responses.length === 0)
        return contractReport(0, recorder.responses.length, []);
      try {
        return validateAll(await loadDocument(app), recorder.responses);
      } catch (error) {
        return failedReport(recorder.responses.length, error);
      }
    },
  };
}

/** Validates recorded answers (from the server's hook or a client's own record) against a document. */
export function validateAll(
  document: OpenApiDocument,
  responses: readonly RecordedResponse[],
): ContractReport {
  const validator = createResponseValidator(document);
  let checked = 0;
  let skipped = 0;
  const violations: ContractViolation[] = [];
  for (const response of responses) {
    const verdict = validator.validate(response);
    if (verdict.outcome === 'skipped') skipped++;
    else {
      checked++;
      if (verdict.outcome === 'violates') violations.push(verdict.violation);
    }
  }
  return contractReport(checked, skipped, violations);
}
