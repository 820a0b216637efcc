import type { Registry } from 'prom-client';
import type { AddressInfo } from 'node:net';
import { type DynamicModule, Inject, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NftMetadataSettings, PlanLimitSettings, PriceSettings, TronSettings } from '@chainwire/core';
import type { StakingChainConfig } from '@chainwire/staking';
import type { ChainRpcConfig } from '@chainwire/transactions';
import type { NamesChainConfig } from '@chainwire/wallet';
import type { WebhooksConfig } from '@chainwire/webhooks';
import { ApiModule, type ApiSwapSettings } from '../api/api.module';
import type { SharedModules } from './shared-modules';

export interface ApiRoleOptions {
  readonly port: number;
  readonly host: string;
  /** Chains reachable over JSON-RPC (the configured URLs, the dev chain's for ethereum), with their ENS registries. */
  readonly chains: readonly (ChainRpcConfig & NamesChainConfig & StakingChainConfig)[];
  readonly webhooks: WebhooksConfig;
  /** Price cache and sources, the dev chain's feeds included. */
  readonly prices: PriceSettings;
  readonly ipfsGatewayUrl: string;
  /** NFT_METADATA_* (private targets, fetch caps). */
  readonly nftMetadata: NftMetadataSettings;
  /** The Solana node (SOLANA_RPC_URL), when configured. */
  readonly solana?: { readonly url: string };
  /** The process's metrics registry, when it serves metrics. */
  readonly metrics?: Registry;
  /** Swap providers (none: no router anywhere) and the quotes' lifetime. */
  readonly swaps: ApiSwapSettings;
  /** The Tron node (TRON_RPC_URL), when configured. */
  readonly tron?: TronSettings;
  /** Per-key request budgets and subscription caps by plan (AppConfig.planLimits), when configured. */
  readonly planLimits?: PlanLimitSettings;
}

const API_ROLE_OPTIONS = Symbol('ApiRoleOptions');

/**
 * Opens the API's port once every module is initialised and the roles started before it run. Nest
 * closes the HTTP server itself when the app closes, before any role's shutdown hook (ServerModule).
 */
@Injectable()
export class ApiListener implements OnApplicationBootstrap {
  private boundUrl: string | undefined;

  constructor(
    @Inject(API_ROLE_OPTIONS) private readonly options: ApiRoleOptions,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** `http://localhost:<port>` once listening. */
  get url(): string | undefined {
    return this.boundUrl;
  }

  async onApplicationBootstrap(): Promise<void> {
    const adapter = this.adapterHost.httpAdapter;
    await new Promise<void>((resolve, reject) => {
      adapter.listen(this.options.port, this.options.host, (error?: Error) =>
        error ? reject(error) : resolve(),
      );
    });
    const { port } = adapter.getHttpServer().address() as AddressInfo;
    this.boundUrl = `http://localhost:${port}`;
  }
}

/** The REST API (ApiModule) on the configured port. */
@Module({})
export class ApiRoleModule {
  static forRoot(shared: SharedModules, options: ApiRoleOptions): DynamicModule {
    return {
      module: ApiRoleModule,
      imports: [
        ApiModule.forRoot({
          database: shared.database,
          eventStore: shared.eventStore,
          health: shared.health,
          chains: options.chains,
          webhooks: options.webhooks,
          prices: options.prices,
          ipfsGatewayUrl: options.ipfsGatewayUrl,
          nftMetadata: options.nftMetadata,
          solana: options.solana,
          metrics: options.metrics,
          swaps: options.swaps,
          tron: options.tron,
          planLimits: options.planLimits,
        }),
      ],
      providers: [{ provide: API_ROLE_OPTIONS, useValue: options }, ApiListener],
    };
  }
}
