import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Plan } from '@chainwire/auth';
import type { ChainNode } from '@chainwire/chains';
import { type ChainNodeForCode, chainNodesForCode } from '@chainwire/chains/testing';
import {
  type Database,
  DEFAULT_IPFS_GATEWAY_URL,
  DEFAULT_NFT_METADATA_SETTINGS,
  DEFAULT_PRICE_SETTINGS,
} from '@chainwire/core';
import type { PostgresEventStore } from '@chainwire/event-store';
import { startFeatureTestApp } from '@test/support/feature-test-app';
import type { OpenApiContractCheck } from '@test/support/openapi-contract';
import { NftsModule } from '../nfts/nfts.module';
import type { NftsModuleOptions } from '../nfts/nfts-options';
import { WalletModule, type WalletModuleOptions } from '../wallet.module';

export interface WalletTestApp {
  db: Database;
  eventStore: PostgresEventStore;
  app: NestFastifyApplication;
  /** One key per plan. */
  keys: Record<Plan, string>;
  /** GET with the given key (the enterprise key by default); the body parsed losslessly. */
  get(
    url: string,
    apiKey?: string | null,
  ): Promise<{
    status: number;
    text: string;
    json: Record<string, unknown>;
    headers: Record<string, unknown>;
  }>;
  /** POST a JSON body with the given key (the enterprise key by default); the body parsed losslessly. */
  post(
    url: string,
    body: unknown,
    apiKey?: string | null,
  ): Promise<{ status: number; text: string; json: Record<string, unknown> }>;
  /** Checks every answer against the OpenAPI document at close(); `contract.optOut(reason)` exempts a spec. */
  contract: OpenApiContractCheck;
  close(): Promise<void>;
}

/** Module options as a test gives them: any part, chains without `rpcBatchSize` (the schema's default). */
type ForCode<T extends { readonly chains: readonly ChainNode[] }> = Partial<Omit<T, 'chains'>> & {
  readonly chains?: readonly ChainNodeForCode<T['chains'][number]>[];
};

/**
 * A fresh migrated and seeded database with the wallet features behind the real guard, for inject().
 * `options.chains` gives chains a node (token reads, unregistered tokens in balances, price feeds) and an
 * ENS registry (names); `options.prices` configures the price sources (none by default); `nfts` the
 * nodes the NFT routes read (none by default).
 */
export async function startWalletTestApp(
  options?: ForCode<WalletModuleOptions>,
  nfts: ForCode<NftsModuleOptions> = {},
): Promise<WalletTestApp> {
  const walletOptions: WalletModuleOptions = {
    prices: { settings: DEFAULT_PRICE_SETTINGS },
    ...options,
    chains: chainNodesForCode(options?.chains ?? []),
  };
  const nftsOptions: NftsModuleOptions = {
    ...DEFAULT_NFT_METADATA_SETTINGS,
    ipfsGatewayUrl: DEFAULT_IPFS_GATEWAY_URL,
    ...nfts,
    chains: chainNodesForCode(nfts.chains ?? []),
  };
  const t = await startFeatureTestApp({
    title: 'wallet test',
    modules: ({ database, chainDirectory, capabilities, eventStoreModule }) => [
      WalletModule.forRoot(
        { database, chainDirectory, capabilities, eventStore: eventStoreModule },
        walletOptions,
      ),
      NftsModule.forRoot({ database, chainDirectory, capabilities }, nftsOptions),
    ],
  });
  return {
    db: t.db,
    eventStore: t.eventStore,
    app: t.app,
    keys: { free: t.keys.free.key, pro: t.keys.pro.key, enterprise: t.keys.enterprise.key },
    contract: t.contract,
    get: (url, apiKey) => t.request('GET', url, { apiKey }),
    post: (url, body, apiKey) => t.request('POST', url, { body, apiKey }),
    close: () => t.close(),
  };
}
