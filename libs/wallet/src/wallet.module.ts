import { KeyBudget } from '@chainwire/auth';
import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  AssetEntity,
  type ChainCapabilitiesModuleRef,
  type ChainDirectoryModuleRef,
  ChainEntity,
  EvmReadClients,
  TronHttpClient,
  type TronNodeConfig,
} from '@chainwire/chains';
import { DatabaseModule, type DatabaseModuleRef } from '@chainwire/core';
import type { EventStoreModuleRef } from '@chainwire/event-store';
import { AllowanceController } from './approvals/allowance.controller';
import { GetAllowanceHandler } from './approvals/get-allowance.query';
import { AssetsController } from './assets/assets.controller';
import { ListAssetsHandler } from './assets/list-assets.query';
import { BalancesController } from './balances/balances.controller';
import { GetBalancesHandler } from './balances/get-balances.query';
import { BalanceObserver } from './balances/observations/balance-observer';
import { EvmReadChainResolver } from './chain-reads/evm-read-chain';
import { ChainsController } from './chains/chains.controller';
import { GetCapabilitiesHandler } from './chains/get-capabilities.query';
import { GetChainsBySlipHandler, ListChainsHandler } from './chains/list-chains.query';
import { TRON_NODE } from './chain-reads/tron-node';
import { NameChains } from './names/name-chains';
import { NamesController } from './names/names.controller';
import { NAMES_OPTIONS, type NamesOptions } from './names/names-options';
import { ReverseNameHandler } from './names/reverse-name.query';
import { GetPriceHandler } from './prices/get-price.query';
import { PriceController } from './prices/price.controller';
import { PRICES_OPTIONS, PriceSources, type PricesOptions } from './prices/price-sources.provider';
import { PRICE_SERVICE } from './prices/prices.tokens';
import { GetTokenMetadataHandler } from './tokens/get-token-metadata.query';
import { TokenMetadataCache } from './tokens/token-metadata-cache';
import { TokenMetadataController } from './tokens/token-metadata.controller';
import { TokenMetadataEntity } from './tokens/token-metadata.entity';
import { TokenRegistration } from './tokens/token-registration';
import { UnregisteredTokens } from './tokens/unregistered-tokens';
import {
  budgetedUnknownTokenLookups,
  UNKNOWN_TOKEN_LOOKUPS,
  type UnknownTokenLookups,
  UNLIMITED_UNKNOWN_TOKEN_LOOKUPS,
} from './tokens/unknown-token-lookups';

export interface WalletModuleImports {
  readonly database: DatabaseModuleRef;
  readonly chainDirectory: ChainDirectoryModuleRef;
  /** The app's capability registry: names and prices register themselves; GET /api/chains/{id}/capabilities reads it. */
  readonly capabilities: ChainCapabilitiesModuleRef;
  /** Price reads are appended to `price-<SYMBOL>` streams. */
  readonly eventStore: EventStoreModuleRef;
}

/** The chains' nodes (names, token reads, price feeds) and the price sources. */
export interface WalletModuleOptions extends NamesOptions {
  readonly prices: PricesOptions;
  /** The Tron node, for TRC-10 tokens a balances query names that the registry lacks. */
  readonly tron?: TronNodeConfig;
  /** The per-key budget of on-chain lookups of tokens outside the registry; omitted: unlimited. */
  readonly unknownTokenLookups?: UnknownTokenLookups;
}

/**
 * Read-side wallet features: balances with fiat values, prices, the chain and asset
 * registries, ENS names, token metadata and allowances. Needs CqrsModule.forRoot() in the root module;
 * the nodes live reads go to (names, token reads, unregistered tokens in balances, price feeds) come
 * from `options`.
 */
@Module({})
export class WalletModule {
  static forRoot(imports: WalletModuleImports, options: WalletModuleOptions): DynamicModule {
    return {
      module: WalletModule,
      imports: [
        CqrsModule,
        imports.database,
        DatabaseModule.forFeature(imports.database, [ChainEntity, AssetEntity, TokenMetadataEntity]),
        imports.chainDirectory,
        imports.capabilities,
        imports.eventStore,
      ],
      controllers: [
        BalancesController,
        PriceController,
        ChainsController,
        AssetsController,
        NamesController,
        TokenMetadataController,
        AllowanceController,
      ],
      providers: [
        { provide: NAMES_OPTIONS, useValue: options },
        { provide: PRICES_OPTIONS, useValue: options.prices },
        { provide: EvmReadClients, useValue: new EvmReadClients(options.chains, options.rpcTimeoutMs) },
        {
          provide: TRON_NODE,
          useValue: options.tron
            ? new TronHttpClient({ ...options.tron, timeoutMs: options.rpcTimeoutMs })
            : null,
        },
        {
          provide: UNKNOWN_TOKEN_LOOKUPS,
          // The rate limiter's budget where the app has one (AuthModule is global), else unlimited.
          useFactory: (budget?: KeyBudget) =>
            options.unknownTokenLookups ??
            (budget ? budgetedUnknownTokenLookups(budget) : UNLIMITED_UNKNOWN_TOKEN_LOOKUPS),
          inject: [{ token: KeyBudget, optional: true }],
        },
        PriceSources,
        {
          provide: PRICE_SERVICE,
          useFactory: (sources: PriceSources) => sources.service,
          inject: [PriceSources],
        },
        NameChains,
        EvmReadChainResolver,
        TokenMetadataCache,
        TokenRegistration,
        UnregisteredTokens,
        BalanceObserver,
        GetBalancesHandler,
        GetPriceHandler,
        ListChainsHandler,
        GetChainsBySlipHandler,
        GetCapabilitiesHandler,
        ListAssetsHandler,
        ReverseNameHandler,
        GetTokenMetadataHandler,
        GetAllowanceHandler,
      ],
      // The price service, for features that price what they do (swaps' gasUsd).
      exports: [PRICE_SERVICE],
    };
  }
}
