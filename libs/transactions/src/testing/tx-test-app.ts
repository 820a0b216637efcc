import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Database } from '@chainwire/core';
import { startFeatureTestApp } from '@test/support/feature-test-app';
import type { OpenApiContractCheck } from '@test/support/openapi-contract';
import type { ChainRpcConfig, TransactionsModuleOptions } from '../transactions-options';
import { TransactionsModule } from '../transactions.module';
import { type ChainNodeForCode, chainNodesForCode } from '@chainwire/chains/testing';

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
  chains: readonly ChainNodeForCode<ChainRpcConfig>[],
  nodes: Pick<TransactionsModuleOptions, 'solana' | 'tron'> = {},
): Promise<TxTestApp> {
  const t = await startFeatureTestApp({
    title: 'tx test',
    modules: ({ database, chainDirectory, capabilities }) => [
      TransactionsModule.forRoot(
        { database, chainDirectory, capabilities },
        // Generous: a spec sends twenty 800 KB transactions to one anvil at once, and on a loaded CI machine
        // three of its refusals once took over 5 s; a node's timeout answers 503, which is not under test there.
        { chains: chainNodesForCode(chains), ...nodes, rpcTimeoutMs: 30_000 },
      ),
    ],
  });
  return {
    db: t.db,
    app: t.app,
    key: t.keys.enterprise.key,
    contract: t.contract,
    get: (url) => t.request<TxResponse['json']>('GET', url),
    post: (url, body) => t.request<TxResponse['json']>('POST', url, { body }),
    close: () => t.close(),
  };
}
