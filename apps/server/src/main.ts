import 'reflect-metadata';
import { registryFamilies } from '@chainwire/chains';
import { ConfigError, createLogger, loadConfig, redactUrlsIn } from '@chainwire/core';
import { startServer } from './bootstrap/start-server';

const SHUTDOWN_TIMEOUT_MS = 20_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { families: registryFamilies() });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  const server = await startServer(config, logger);

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info(`${signal} received, shutting down`);
    setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(`shutdown failed: ${redactUrlsIn(String(error))}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // A configuration problem found while booting (e.g. a key a shared database needs) reads like one
  // found at load time: the message names the variable, no stack trace.
  const text =
    error instanceof ConfigError
      ? error.message
      : `Startup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  // A boot that failed on a node (a wrong chain id, no answer) names it: its keyed URL is reduced.
  process.stderr.write(`${redactUrlsIn(text)}\n`);
  process.exit(1);
});
