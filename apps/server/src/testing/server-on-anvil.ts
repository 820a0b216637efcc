import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AppConfigOverrides,
  type Database,
  type Role,
  silentLogger,
  appConfigForCode,
  webhookSettings,
} from '@chainwire/core';
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { createTestDatabase } from '@test/support/test-database';
import { checkClientAnswers, type ClientContractCheck } from '@test/support/openapi-contract';
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
  /**
   * Checks every answer `api()` received against the served OpenAPI document at stop();
   * `contract.optOut(reason)` exempts a spec.
   */
  readonly contract: ClientContractCheck;
  stop(): Promise<void>;
}

/**
 * The whole service in this process on a fresh anvil: a fresh PostgreSQL database when DATABASE_URL is
 * set (CI), embedded PGlite otherwise; loopback webhook targets allowed, as in standalone mode.
 */
export async function startServerOnAnvil(options: {
  roles: Role[];
  /** Overrides; a function gets the anvil first (a config naming its RPC URL). */
  config?: Partial<AppConfigOverrides> | ((anvil: TestAnvil) => Partial<AppConfigOverrides>);
}): Promise<ServerOnAnvil> {
  const dataDir = mkdtempSync(join(tmpdir(), 'server-on-anvil-'));
  const anvil = await startTestAnvil();
  const testDb: Database | undefined = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const server = await startServer(
    appConfigForCode({
      port: 0,
      dataDir,
      databaseUrl: testDb?.url,
      devApiKey: TEST_API_KEY,
      roles: options.roles,
      logLevel: 'silent',
      chains: [{ id: 'ethereum', rpcUrl: anvil.rpcUrl, startBlock: 0n }],
      webhooks: { ...webhookSettings({}), allowPrivateTargets: true, secretKey: randomBytes(32) },
      ...(typeof options.config === 'function' ? options.config(anvil) : options.config),
    }),
    silentLogger,
  );
  const contract = checkClientAnswers(server.url ?? '');
  return {
    anvil,
    server,
    contract,
    api: async (method, path, body) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'x-api-key': TEST_API_KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      contract.record(method, path, res.status, res.headers.get('content-type'), text);
      return { status: res.status, json: JSON.parse(text) as { data: Record<string, string> } };
    },
    stop: async () => {
      const report = await contract.check();
      await server.stop();
      await anvil.stop();
      await testDb?.close();
      rmSync(dataDir, { recursive: true, force: true });
      report.assertConforms();
    },
  };
}
