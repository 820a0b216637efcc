/** Where commands write: results to `log` (stdout), notices and errors to `error` (stderr). */
export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

export const processOutput: CliOutput = {
  log: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
};

/** A mistake of the caller: printed without a stack, exit code 2. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliUsageError';
  }
}
