import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ChainDirectoryModuleRef } from '@chainwire/chains';
import type { DatabaseModuleRef } from '@chainwire/core';
import type { EventStoreModuleRef } from '@chainwire/event-store';
import { BalancesController } from './balances/balances.controller';
import { GetBalancesHandler } from './balances/get-balances.query';
import { BlocksController } from './blocks/blocks.controller';
import { GetLatestBlockHandler } from './blocks/get-latest-block.query';
import { GetPriceHandler } from './prices/get-price.query';
import { PriceController } from './prices/price.controller';
import { PRICES_OPTIONS, PriceSources, type PricesOptions } from './prices/price-sources.provider';
import { PRICE_SERVICE } from './prices/prices.tokens';

export interface WalletModuleImports {
  readonly database: DatabaseModuleRef;
  readonly chainDirectory: ChainDirectoryModuleRef;
  /** Price reads are appended to `price-<SYMBOL>` streams. */
  readonly eventStore: EventStoreModuleRef;
}

/** Read-side wallet features: balances with fiat values, prices, latest blocks. Needs CqrsModule.forRoot() in the root module. */
@Module({})
export class WalletModule {
  static forRoot(imports: WalletModuleImports, prices: PricesOptions = {}): DynamicModule {
    return {
      module: WalletModule,
      imports: [CqrsModule, imports.database, imports.chainDirectory, imports.eventStore],
      controllers: [BalancesController, BlocksController, PriceController],
      providers: [
        { provide: PRICES_OPTIONS, useValue: prices },
        PriceSources,
        {
          provide: PRICE_SERVICE,
          useFactory: (sources: PriceSources) => sources.service,
          inject: [PriceSources],
        },
        GetBalancesHandler,
        GetLatestBlockHandler,
        GetPriceHandler,
      ],
    };
  }
}
