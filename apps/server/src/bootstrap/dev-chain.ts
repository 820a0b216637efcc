import { join } from 'node:path';
import { type DevChain, startDevChain } from '@chainwire/chains';
import { type AppConfig, type Database, logFunction, type Logger } from '@chainwire/core';
import { registerDevChainAssets } from './register-dev-chain-assets';
import type { ShutdownStack } from './shutdown-stack';

/**
 * Starts the local dev chain (anvil reloading its state under DATA_DIR) when this process indexes
 * ethereum without a configured node; undefined otherwise. Not awaited here: it starts while the
 * database opens and migrates, the two being independent and each about a second of a restart.
 */
export function startDevChainIfWanted(
  config: AppConfig,
  logger: Logger,
  running: ShutdownStack,
): Promise<DevChain> | undefined {
  const ethereum = config.chains.find((c) => c.id === 'ethereum');
  if (!config.roles.includes('indexer') || !ethereum || ethereum.rpcUrl) return undefined;
  const starting = startDevChain({
    dataDir: join(config.dataDir, 'dev-chain'),
    log: logFunction(logger.child('dev-chain'), 'debug'),
  });
  running.push('dev chain', async () => (await starting.catch(() => undefined))?.stop());
  return starting;
}

/** The started dev chain, its demo tokens registered as ethereum's default assets. */
export async function devChainReady(
  starting: Promise<DevChain>,
  db: Database,
  logger: Logger,
): Promise<DevChain> {
  const devChain = await starting;
  await registerDevChainAssets(db.dataSource, devChain.demoTokens);
  logger.info(`dev chain at ${devChain.rpcUrl}`, {
    demoTokens: devChain.demoTokens.map((t) => `${t.symbol} ${t.address}`),
  });
  return devChain;
}
