import { type AppConfig, ConfigError, findEmbeddedEndpoint, missingWebhookKeyMessage } from '@chainwire/core';

/** Refuses, before anything starts, a configuration this process cannot run. */
export function assertBootable(config: AppConfig): void {
  const missingKey = missingWebhookKeyMessage(config);
  if (missingKey) throw new ConfigError([{ variable: 'WEBHOOK_SECRET_KEY', message: missingKey }]);
  if (!config.databaseUrl && findEmbeddedEndpoint(config.dataDir)) {
    throw new Error(`Another process is already serving the embedded database in ${config.dataDir}`);
  }
}
