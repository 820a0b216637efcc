import { appendFileSync } from 'node:fs';
import type { ContractViolation } from './response-validator';

const BODY_EXCERPT = 300;

export interface ContractReport {
  /** Answers validated against an operation of the document. */
  readonly checked: number;
  /** Answers outside any operation (unrouted 404s), or every answer when the check was opted out of. */
  readonly skipped: number;
  readonly violations: readonly ContractViolation[];
  /** Throws, listing the violations by operation, unless there are none. */
  assertConforms(): void;
}

export function contractReport(
  checked: number,
  skipped: number,
  violations: readonly ContractViolation[],
): ContractReport {
  return {
    checked,
    skipped,
    violations,
    assertConforms() {
      logReport(checked, skipped, violations);
      if (violations.length > 0) throw new Error(describeViolations(checked, violations));
    },
  };
}

/**
 * With OPENAPI_CONTRACT_LOG set to a file, each check appends one JSON line (the spec, counts, each
 * violation), so the mismatches of a whole run can be listed together.
 */
function logReport(checked: number, skipped: number, violations: readonly ContractViolation[]): void {
  const file = process.env.OPENAPI_CONTRACT_LOG;
  if (!file) return;
  const spec = expect.getState().testPath;
  const entries = violations.map(({ operation, problem, response }) => ({
    operation,
    problem,
    request: `${response.method} ${response.path}`,
    status: response.status,
  }));
  appendFileSync(
    file,
    `${JSON.stringify({ spec, checked, skipped, violations: entries })}
`,
  );
}

/** The report of a check that could not run (the document could not be loaded or read). */
export function failedReport(recorded: number, error: unknown): ContractReport {
  return {
    checked: 0,
    skipped: recorded,
    violations: [],
    assertConforms() {
      throw new Error(
        `OpenAPI contract: the check could not run: ${(error as Error).message ?? String(error)}`,
        {
          cause: error,
        },
      );
    },
  };
}

/**
 * The violations grouped by operation, one line per distinct problem with how often it occurred and
 * the first request and body that showed it.
 */
export function describeViolations(checked: number, violations: readonly ContractViolation[]): string {
  const byOperation = new Map<string, Map<string, ContractViolation[]>>();
  for (const violation of violations) {
    const problems = byOperation.get(violation.operation) ?? new Map<string, ContractViolation[]>();
    byOperation.set(violation.operation, problems);
    problems.set(violation.problem, [...(problems.get(violation.problem) ?? []), violation]);
  }
  const lines = [
    `OpenAPI contract: ${violations.length} of ${checked} answers do not match the document, in ${byOperation.size} operations`,
  ];
  for (const [operation, problems] of [...byOperation].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  ${operation}`);
    for (const [problem, seen] of problems) {
      const first = seen[0].response;
      const body = first.body === undefined ? '(streamed)' : excerpt(first.body);
      lines.push(`    ${problem}${seen.length > 1 ? ` (×${seen.length})` : ''}`);
      lines.push(`      e.g. ${first.method} ${first.path} → ${first.status} ${body}`);
    }
  }
  return lines.join('\n');
}

function excerpt(body: string): string {
  return body.length > BODY_EXCERPT ? `${body.slice(0, BODY_EXCERPT)}…` : body;
}
