import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployDevPriceFeeds } from '@chainwire/chains';
import {
  DEFAULT_PRICE_SETTINGS,
  type Database,
  silentLogger,
  appConfigForCode,
  webhookSettings,
} from '@chainwire/core';
import { type RunningServer, startServer } from '../../apps/server/src/bootstrap/start-server';
import { startTestAnvil, type TestAnvil } from '../support/anvil';
import { createTestDatabase } from '../support/test-database';

export const SERVICE_API_KEY = 'contract-test-key-0123456789';

export interface ServiceWithPriceFeed {
  readonly anvil: TestAnvil;
  readonly server: RunningServer;
  readonly url: string;
  /** What the ETH/USD feed answers, in its decimals. */
  readonly ethUsd: { answer: bigint; decimals: number };
  stop(): Promise<void>;
}

/**
 * The whole service in this process (api, indexer, projector), listening on a free port, on a fresh
 * anvil whose ETH/USD price feed (the dev chain's aggregator) is the price source; a fresh PostgreSQL
 * database with DATABASE_URL, embedded PGlite otherwise.
 */
export async function startServiceWithPriceFeed(): Promise<ServiceWithPriceFeed> {
  const dataDir = mkdtempSync(join(tmpdir(), 'contract-service-'));
  const anvil = await startTestAnvil();
  const feeds = await deployDevPriceFeeds(anvil.rpcUrl, anvil.chain.id, anvil.accounts, [
    { pair: 'ETH/USD', decimals: 8, answer: 3_123_45678901n },
  ]);
  const testDb: Database | undefined = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const server = await startServer(
    appConfigForCode({
      port: 0,
      dataDir,
      databaseUrl: testDb?.url,
      devApiKey: SERVICE_API_KEY,
      roles: ['api', 'indexer', 'projector'],
      logLevel: 'silent',
      chains: [{ id: 'ethereum', rpcUrl: anvil.rpcUrl, startBlock: 0n }],
      webhooks: { ...webhookSettings({}), allowPrivateTargets: true, secretKey: randomBytes(32) },
      prices: {
        ...DEFAULT_PRICE_SETTINGS,
        feeds: [
          {
            symbol: 'ETH',
            base: 'USD',
            chain: 'ethereum',
            address: feeds[0].address.toLowerCase() as `0x${string}`,
          },
        ],
      },
    }),
    silentLogger,
  );
  return {
    anvil,
    server,
    url: server.url!,
    ethUsd: { answer: 3_123_45678901n, decimals: 8 },
    async stop() {
      await server.stop();
      await anvil.stop();
      await testDb?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
