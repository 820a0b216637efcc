import type { DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Database } from '@chainwire/core';
import { ContractCallPreparer, TransactionsModule } from '@chainwire/transactions';
import { startFeatureTestApp } from '@test/support/feature-test-app';
import type { OpenApiContractCheck } from '@test/support/openapi-contract';
import type { StakingChainConfig, StakingModuleOptions } from '../staking-options';
import { StakingModule } from '../staking.module';
import { EVM_CALL_PREPARER } from '../undelegate/evm-call-preparer.port';
import { type ChainNodeForCode, chainNodesForCode } from '@chainwire/chains/testing';

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
  given: readonly ChainNodeForCode<StakingChainConfig>[],
  tron?: StakingModuleOptions['tron'],
): Promise<StakingTestApp> {
  const chains = chainNodesForCode(given);
  const t = await startFeatureTestApp({
    title: 'staking test',
    modules: ({ database, chainDirectory, capabilities, eventStoreModule }) => {
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
      return [
        capabilities,
        transactions,
        StakingModule.forRoot(
          { database, chainDirectory, capabilities, evmCalls, eventStore: eventStoreModule },
          { chains, tron, rpcTimeoutMs: 5000 },
        ),
      ];
    },
  });
  return {
    db: t.db,
    app: t.app,
    contract: t.contract,
    get: (url) => t.request<StakingResponse['json']>('GET', url),
    post: (url, body) => t.request<StakingResponse['json']>('POST', url, { body }),
    close: () => t.close(),
  };
}
