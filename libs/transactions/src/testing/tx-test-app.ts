import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule, createApiKey } from '@chainwire/auth';
import { ChainCapabilitiesModule, ChainDirectoryModule, seedRegistries } from '@chainwire/chains';
import {
  createHttpApp,
  type Database,
  DatabaseModule,
  parseJsonExact,
  silentLogger,
  stringifyJson,
} from '@chainwire/core';
import { createTestDatabase } from '../../../../test/support/test-database';
import { checkOpenApiContract, type OpenApiContractCheck } from '../../../../test/support/openapi-contract';
import type { ChainRpcConfig, TransactionsModuleOptions } from '../transactions-options';
import { TransactionsModule } from '../transactions.module';

export interface TxResponse {
  status: number;
  text: string;
  /** Parsed losslessly: integer literals are bigints. */
  json: { ok: boolean; code: string; message: string; data: Record<string, unknown> & unknown };
}

export interface TxTestApp {
  db: Database;
  app: NestFastifyApplication;
  /** An enterprise key (every chain tier). */
  key: string;
  get(url: string): Promise<TxResponse>;
  /** POSTs `body` as is when a string (raw JSON), else serialised losslessly (bigints as literals). */
  post(url: string, body: unknown): Promise<TxResponse>;
  /** Checks every answer against the OpenAPI document at close(); `contract.optOut(reason)` exempts a spec. */
  contract: OpenApiContractCheck;
  close(): Promise<void>;
}

/**
 * A fresh seeded database and the transaction routes behind the real key and plan checks, the chains on the given nodes
 * (`nodes`: the Solana and Tron nodes, when the test has them).
 */
export async function startTxTestApp(
  chains: readonly ChainRpcConfig[],
  nodes: Pick<TransactionsModuleOptions, 'solana' | 'tron'> = {},
): Promise<TxTestApp> {
  const db = await createTestDatabase();
  await seedRegistries(db.dataSource);
  const key = (await createApiKey(db.dataSource, { plan: 'enterprise' })).key;

  const database = DatabaseModule.forRoot({ db });
  const chainDirectory = ChainDirectoryModule.forRoot({ database });
  @Module({
    imports: [
      CqrsModule.forRoot(),
      AuthModule.forRoot({ database, chainDirectory }),
      TransactionsModule.forRoot(
        { database, chainDirectory, capabilities: ChainCapabilitiesModule.forRoot() },
        // Generous: a spec sends twenty 800 KB transactions to one anvil at once, and on a loaded CI machine
        // three of its refusals once took over 5 s; a node's timeout answers 503, which is not under test there.
        { chains, ...nodes, rpcTimeoutMs: 30_000 },
      ),
    ],
  })
  class TxTestModule {}

  const app = await createHttpApp(TxTestModule, {
    logger: silentLogger,
    docs: { title: 'tx test', version: '0' },
  });
  const contract = checkOpenApiContract(app);
  const toResponse = (res: { statusCode: number; body: string }): TxResponse => ({
    status: res.statusCode,
    text: res.body,
    json: parseJsonExact(res.body) as TxResponse['json'],
  });
  return {
    db,
    app,
    key,
    contract,
    async get(url) {
      return toResponse(await app.inject({ method: 'GET', url, headers: { 'x-api-key': key } }));
    },
    async post(url, body) {
      return toResponse(
        await app.inject({
          method: 'POST',
          url,
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          payload: typeof body === 'string' ? body : stringifyJson(body),
        }),
      );
    },
    async close() {
      const report = await contract.check();
      await app.close();
      await db.close();
      report.assertConforms();
    },
  };
}
