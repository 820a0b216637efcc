import { type DynamicModule, Module } from '@nestjs/common';
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
import { EventStoreModule, PostgresEventStore } from '@chainwire/event-store';
import { ContractCallPreparer, TransactionsModule } from '@chainwire/transactions';
import { createTestDatabase } from '../../../../test/support/test-database';
import { checkOpenApiContract, type OpenApiContractCheck } from '../../../../test/support/openapi-contract';
import type { StakingChainConfig, StakingModuleOptions } from '../staking-options';
import { StakingModule } from '../staking.module';
import { EVM_CALL_PREPARER } from '../undelegate/evm-call-preparer.port';

export interface StakingResponse {
  status: number;
  /** Parsed losslessly: integer literals are bigints. */
  json: { ok: boolean; code: string; message: string; data: Record<string, unknown> & unknown };
}

export interface StakingTestApp {
  db: Database;
  app: NestFastifyApplication;
  get(url: string): Promise<StakingResponse>;
  post(url: string, body: unknown): Promise<StakingResponse>;
  /** Checks every answer against the OpenAPI document at close(); `contract.optOut(reason)` exempts a spec. */
  contract: OpenApiContractCheck;
  close(): Promise<void>;
}

/**
 * The staking and transaction routes behind the real guard, wired as the server wires them (Tron's node
 * behind both, so prepare-sign's Tron answers are there to compare with).
 */
export async function startStakingTestApp(
  chains: readonly StakingChainConfig[],
  tron?: StakingModuleOptions['tron'],
): Promise<StakingTestApp> {
  const db = await createTestDatabase();
  await seedRegistries(db.dataSource);
  const key = (await createApiKey(db.dataSource, { plan: 'enterprise' })).key;

  const eventStore = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
  const database = DatabaseModule.forRoot({ db });
  const chainDirectory = ChainDirectoryModule.forRoot({ database });
  const capabilities = ChainCapabilitiesModule.forRoot();
  const transactions = TransactionsModule.forRoot(
    { database, chainDirectory, capabilities },
    { chains, tron, rpcTimeoutMs: 5000 },
  );
  // As apps/server's EvmCallsModule: the port served by the transactions feature's preparer.
  const evmCalls: DynamicModule = {
    module: class EvmCallsTestModule {},
    imports: [transactions],
    providers: [{ provide: EVM_CALL_PREPARER, useExisting: ContractCallPreparer }],
    exports: [EVM_CALL_PREPARER],
  };
  @Module({
    imports: [
      CqrsModule.forRoot(),
      capabilities,
      AuthModule.forRoot({ database, chainDirectory }),
      transactions,
      StakingModule.forRoot(
        {
          database,
          chainDirectory,
          capabilities,
          evmCalls,
          eventStore: EventStoreModule.forRoot({ eventStore }),
        },
        { chains, tron, rpcTimeoutMs: 5000 },
      ),
    ],
  })
  class StakingTestModule {}

  const app = await createHttpApp(StakingTestModule, {
    logger: silentLogger,
    docs: { title: 'staking test', version: '0' },
  });
  const contract = checkOpenApiContract(app);
  const toResponse = (res: { statusCode: number; body: string }): StakingResponse => ({
    status: res.statusCode,
    json: parseJsonExact(res.body) as StakingResponse['json'],
  });
  return {
    db,
    app,
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
          payload: stringifyJson(body),
        }),
      );
    },
    async close() {
      const report = await contract.check();
      await app.close();
      await eventStore.close();
      await db.close();
      report.assertConforms();
    },
  };
}
