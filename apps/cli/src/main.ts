import { CommanderError } from 'commander';
import { registryFamilies } from '@chainwire/chains';
import { ConfigError, loadConfig } from '@chainwire/core';
import { buildCli } from './build-cli';
import { openCliDatabase } from './cli-database';
import { CliUsageError, processOutput } from './cli-output';

buildCli({
  loadConfig: () => loadConfig(process.env, { families: registryFamilies() }),
  openDatabase: openCliDatabase,
  out: processOutput,
})
  .parseAsync(process.argv)
  .then(
    () => process.exit(0),
    (error: unknown) => {
      // Commander has already printed its own usage errors, help and version.
      if (error instanceof CommanderError) process.exit(error.exitCode);
      if (error instanceof ConfigError || error instanceof CliUsageError) {
        processOutput.error(error.message);
        process.exit(error instanceof CliUsageError ? 2 : 1);
      }
      processOutput.error(
        `Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exit(1);
    },
  );
