import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppConfig, type Database, type Role, silentLogger, webhookSettings } from '@chainwire/core';
import { startTestAnvil, type TestAnvil } from '../../../../test/support/anvil';
import { createTestDatabase } from '../../../../test/support/test-database';
import { type RunningServer, startServer } from '../bootstrap/start-server';

export const TEST_API_KEY = 'server-test-key-0123456789';

export interface ServerOnAnvil {
  readonly anvil: TestAnvil;
  readonly server: RunningServer;
  /** Calls the API with the dev key; a body is sent as JSON. */
  api(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: { data: Record<string, string> } }>;
  stop(): Promise<void>;
}

/**
 * The whole service in this process on a fresh anvil: a fresh PostgreSQL database when DATABASE_URL is
 * set (CI), embedded PGlite otherwise; loopback webhook targets allowed, as in standalone mode.
 */
export async function startServerOnAnvil(options: {
  roles: Role[];
  /** Overrides; a function gets the anvil first (a config naming its RPC URL). */
  config?: Partial<AppConfig> | ((anvil: TestAnvil) => Partial<AppConfig>);
}): Promise<ServerOnAnvil> {
  const dataDir = mkdtempSync(join(tmpdir(), 'server-on-anvil-'));
  const anvil = await startTestAnvil();
  const testDb: Database | undefined = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const server = await startServer(
    {
      port: 0,
      dataDir,
      databaseUrl: testDb?.url,
      devApiKey: TEST_API_KEY,
      roles: options.roles,
      logLevel: 'silent',
      chains: [{ id: 'ethereum', rpcUrl: anvil.rpcUrl, startBlock: 0n }],
      webhooks: { ...webhookSettings({}), allowPrivateTargets: true, secretKey: randomBytes(32) },
      ...(typeof options.config === 'function' ? options.config(anvil) : options.config),
    },
    silentLogger,
  );
  return {
    anvil,
    server,
    api: async (method, path, body) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'x-api-key': TEST_API_KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as { data: Record<string, string> } };
    },
    stop: async () => {
      await server.stop();
      await anvil.stop();
      await testDb?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
