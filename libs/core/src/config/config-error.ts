export interface ConfigIssue {
  /** The environment variable at fault. */
  readonly variable: string;
  readonly message: string;
}

/** Thrown by loadConfig; its message names every bad variable, one per line. */
export class ConfigError extends Error {
  constructor(readonly issues: readonly ConfigIssue[]) {
    super(['Invalid configuration:', ...issues.map((i) => `  ${i.variable}: ${i.message}`)].join('\n'));
    this.name = 'ConfigError';
  }
}
