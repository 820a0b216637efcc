import type { Registry } from 'prom-client';
import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthModule } from '@chainwire/auth';
import { BlocksModule } from '@chainwire/blocks';
import { ChainCapabilitiesModule, ChainDirectoryModule } from '@chainwire/chains';
import {
  type DatabaseModuleRef,
  DEFAULT_IPFS_GATEWAY_URL,
  DEFAULT_NFT_METADATA_SETTINGS,
  DEFAULT_PRICE_SETTINGS,
  DEFAULT_SWAP_SETTINGS,
  type HealthRegistryModuleRef,
  type NftMetadataSettings,
  type PlanLimitSettings,
  type PriceSettings,
  type TronSettings,
} from '@chainwire/core';
import type { EventStoreModuleRef } from '@chainwire/event-store';
import { type StakingChainConfig, StakingModule } from '@chainwire/staking';
import {
  type ChainRpcConfig,
  TransactionsModule,
  type TransactionsModuleOptions,
} from '@chainwire/transactions';
import { type NamesChainConfig, NftsModule, TronResourcesModule, WalletModule } from '@chainwire/wallet';
import { type WebhooksConfig, WebhooksModule } from '@chainwire/webhooks';
import { SwapsModule, type SwapsModuleOptions } from '@chainwire/swaps';
import { HealthModule } from '../health/health.module';
import { EvmCallsModule } from './evm-calls.module';
import { INDEXED_CHAIN_IDS, IndexedCapability } from './indexed-capability';
import { GetInfoHandler } from './info/get-info.query';
import { InfoController } from './info/info.controller';

export interface ApiModuleOptions {
  readonly database: DatabaseModuleRef;
  /** The configured event store: commands append to it, the same one every other role reads. */
  readonly eventStore: EventStoreModuleRef;
  /** The parts of this process that /health/ready reports. */
  readonly health: HealthRegistryModuleRef;
  /**
   * The configured chains: those with a node are indexed and serve the live transaction routes (none:
   * those answer UNSUPPORTED_CHAIN); with an ENS registry too, they serve names.
   */
  readonly chains?: readonly (ChainRpcConfig & NamesChainConfig & StakingChainConfig)[];
  /** The server's webhook settings (signing-secret key, egress rules); none: notification secrets are unusable. */
  readonly webhooks?: WebhooksConfig;
  /** Price cache and sources (AppConfig.prices, the dev chain's feeds added). */
  readonly prices: PriceSettings;
  /** The Solana node (SOLANA_RPC_URL); none: chain `solana`'s live routes answer UNSUPPORTED_CHAIN. */
  readonly solana?: TransactionsModuleOptions['solana'];
  /** Gateway for ipfs:// NFT metadata (IPFS_GATEWAY_URL). */
  readonly ipfsGatewayUrl: string;
  /** NFT_METADATA_* (private targets, fetch caps). */
  readonly nftMetadata: NftMetadataSettings;
  /** The process's metrics registry, when it serves metrics (price lookups and source reads). */
  readonly metrics?: Registry;
  /** Uniswap V2 per chain (none: no swap provider on any chain) and the quotes' lifetime. */
  readonly swaps: ApiSwapSettings;
  /**
   * The Tron node (TRON_RPC_URL): indexed, and read live for resources, prepare-sign and staking
   * (docs/architecture.md §15); none: chain `tron`'s live routes answer UNSUPPORTED_CHAIN.
   */
  readonly tron?: TronSettings;
  /** Per-key request budgets and subscription caps by plan (AppConfig.planLimits); none: no limits. */
  readonly planLimits?: PlanLimitSettings;
}

/** The server's swap settings, as resolved at boot (routers: configured, dev chain or mainnet). */
export type ApiSwapSettings = Pick<SwapsModuleOptions, 'uniswapV2' | 'quoteTtlMs'>;

/** The settings ApiModule takes from AppConfig, at the schema's defaults: for APIs built in tests. */
export const DEFAULT_API_SETTINGS: Pick<
  ApiModuleOptions,
  'prices' | 'ipfsGatewayUrl' | 'nftMetadata' | 'swaps'
> = {
  prices: DEFAULT_PRICE_SETTINGS,
  ipfsGatewayUrl: DEFAULT_IPFS_GATEWAY_URL,
  nftMetadata: DEFAULT_NFT_METADATA_SETTINGS,
  swaps: DEFAULT_SWAP_SETTINGS,
};

/** The REST API: every feature module behind the x-api-key guard, each importing what it uses. */
@Module({})
export class ApiModule {
  static forRoot(options: ApiModuleOptions): DynamicModule {
    const { database, eventStore, health } = options;
    // One chain directory (one in-memory chains table) shared by the guard and every feature.
    const chainDirectory = ChainDirectoryModule.forRoot({ database });
    // One capability registry: each feature registers what it serves, GET /api/chains/{id}/capabilities reads it.
    const capabilities = ChainCapabilitiesModule.forRoot();
    const chains = options.chains ?? [];
    // One TransactionsModule: its routes, and the preparer staking's undelegation builds go through.
    const tronNode = options.tron && { url: options.tron.rpcUrl, apiKey: options.tron.apiKey };
    const transactions = TransactionsModule.forRoot(
      { database, chainDirectory, capabilities },
      { chains, solana: options.solana, tron: tronNode },
    );
    // One wallet module: its price service also prices the swap routes' gas.
    const wallet = WalletModule.forRoot(
      { database, chainDirectory, capabilities, eventStore },
      {
        chains,
        tron: tronNode,
        prices: {
          settings: options.prices,
          metrics: options.metrics,
        },
      },
    );
    return {
      module: ApiModule,
      imports: [
        CqrsModule.forRoot(),
        database,
        capabilities,
        AuthModule.forRoot({ database, chainDirectory }, { planLimits: options.planLimits }),
        wallet,
        BlocksModule.forRoot({ database, chainDirectory }),
        NftsModule.forRoot(
          { database, chainDirectory, capabilities },
          {
            chains,
            // NFT metadata has its own egress setting and fetch caps (docs/architecture.md §11).
            allowPrivateTargets: options.nftMetadata.allowPrivateTargets,
            maxFetchesPerKey: options.nftMetadata.maxFetchesPerKey,
            maxFetches: options.nftMetadata.maxFetches,
            dnsServers: options.webhooks?.egress.dnsServers,
            ipfsGatewayUrl: options.ipfsGatewayUrl,
          },
        ),
        transactions,
        StakingModule.forRoot(
          {
            database,
            chainDirectory,
            capabilities,
            evmCalls: EvmCallsModule.forRoot(transactions),
            eventStore,
          },
          { chains, tron: tronNode },
        ),
        WebhooksModule.forRoot({
          config: options.webhooks,
          database,
          eventStore,
          chainDirectory,
          subscriptionsPerKey: options.planLimits?.subscriptionsPerKey,
        }),
        SwapsModule.forRoot(
          { database, chainDirectory, capabilities, eventStore, wallet },
          {
            chains,
            uniswapV2: options.swaps.uniswapV2,
            quoteTtlMs: options.swaps.quoteTtlMs,
          },
        ),
        TronResourcesModule.forRoot({ chainDirectory }, tronNode),
        HealthModule.forRoot({ database, health }),
      ],
      controllers: [InfoController],
      providers: [
        {
          provide: INDEXED_CHAIN_IDS,
          useValue: [
            ...chains.filter((c) => c.rpcUrl).map((c) => c.id),
            ...(options.tron ? [options.tron.id] : []),
          ],
        },
        IndexedCapability,
        GetInfoHandler,
      ],
    };
  }
}
