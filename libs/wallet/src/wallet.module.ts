import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ChainDirectoryModuleRef } from '@chainwire/chains';
import type { DatabaseModuleRef } from '@chainwire/core';
import { BalancesController } from './balances/balances.controller';
import { GetBalancesHandler } from './balances/get-balances.query';
import { BlocksController } from './blocks/blocks.controller';
import { GetLatestBlockHandler } from './blocks/get-latest-block.query';

export interface WalletModuleImports {
  readonly database: DatabaseModuleRef;
  readonly chainDirectory: ChainDirectoryModuleRef;
}

/** Read-side wallet features. Needs CqrsModule.forRoot() in the root module. */
@Module({})
export class WalletModule {
  static forRoot(imports: WalletModuleImports): DynamicModule {
    return {
      module: WalletModule,
      imports: [CqrsModule, imports.database, imports.chainDirectory],
      controllers: [BalancesController, BlocksController],
      providers: [GetBalancesHandler, GetLatestBlockHandler],
    };
  }
}
