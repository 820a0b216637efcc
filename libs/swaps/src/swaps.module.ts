import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ChainCapabilitiesModuleRef, ChainDirectoryModuleRef } from '@chainwire/chains';
import type { DatabaseModuleRef } from '@chainwire/core';
import type { EventStoreModuleRef } from '@chainwire/event-store';
import { EvmFeeStrategy } from '@chainwire/transactions';
import { SwapRepository } from './lifecycle/swap-repository';
import { SwapProviders } from './providers/swap-providers';
import { QuoteSwapHandler } from './quote/quote-swap.command';
import { GetSwapRouteHandler } from './route/get-swap-route.query';
import { GetSwapStatusHandler } from './status/get-swap-status.query';
import { SwapChains } from './swap-chains';
import { SwapsController } from './swaps.controller';
import { SWAPS_OPTIONS, type SwapsModuleOptions } from './swaps-options';

export interface SwapsModuleImports {
  readonly database: DatabaseModuleRef;
  readonly chainDirectory: ChainDirectoryModuleRef;
  /** The app's capability registry: `swaps` is reported for the chains a provider serves. */
  readonly capabilities: ChainCapabilitiesModuleRef;
  readonly eventStore: EventStoreModuleRef;
  /** The app's WalletModule: its price service prices the route's gas. */
  readonly wallet: DynamicModule;
}

/** Swap routes (docs/architecture.md §14). Needs CqrsModule.forRoot() in the root module. */
@Module({})
export class SwapsModule {
  static forRoot(imports: SwapsModuleImports, options: SwapsModuleOptions): DynamicModule {
    return {
      module: SwapsModule,
      imports: [
        CqrsModule,
        imports.database,
        imports.chainDirectory,
        imports.capabilities,
        imports.eventStore,
        imports.wallet,
      ],
      controllers: [SwapsController],
      providers: [
        { provide: SWAPS_OPTIONS, useValue: options },
        SwapChains,
        SwapProviders,
        SwapRepository,
        EvmFeeStrategy,
        QuoteSwapHandler,
        GetSwapRouteHandler,
        GetSwapStatusHandler,
      ],
    };
  }
}
