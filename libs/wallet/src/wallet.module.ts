import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  type ChainCapabilitiesModuleRef,
  type ChainDirectoryModuleRef,
  ChainEntity,
} from '@chainwire/chains';
import { DatabaseModule, type DatabaseModuleRef } from '@chainwire/core';
import { AssetsController } from './assets/assets.controller';
import { ListAssetsHandler } from './assets/list-assets.query';
import { BalancesController } from './balances/balances.controller';
import { GetBalancesHandler } from './balances/get-balances.query';
import { BlocksController } from './blocks/blocks.controller';
import { GetLatestBlockHandler } from './blocks/get-latest-block.query';
import { ChainsController } from './chains/chains.controller';
import { GetCapabilitiesHandler } from './chains/get-capabilities.query';
import { GetChainsBySlipHandler, ListChainsHandler } from './chains/list-chains.query';
import { NameChains } from './names/name-chains';
import { NamesController } from './names/names.controller';
import { NAMES_OPTIONS, type NamesOptions } from './names/names-options';
import { ReverseNameHandler } from './names/reverse-name.query';

export interface WalletModuleImports {
  readonly database: DatabaseModuleRef;
  readonly chainDirectory: ChainDirectoryModuleRef;
  /** The app's capability registry: names registers itself; GET /api/chains/{id}/capabilities reads it. */
  readonly capabilities: ChainCapabilitiesModuleRef;
}

/**
 * Read-side wallet features: balances, latest block, the chain and asset registries, ENS names. Needs
 * CqrsModule.forRoot() in the root module; the nodes names are read from come from `options`.
 */
@Module({})
export class WalletModule {
  static forRoot(imports: WalletModuleImports, options: NamesOptions = { chains: [] }): DynamicModule {
    return {
      module: WalletModule,
      imports: [
        CqrsModule,
        imports.database,
        DatabaseModule.forFeature(imports.database, [ChainEntity]),
        imports.chainDirectory,
        imports.capabilities,
      ],
      controllers: [
        BalancesController,
        BlocksController,
        ChainsController,
        AssetsController,
        NamesController,
      ],
      providers: [
        { provide: NAMES_OPTIONS, useValue: options },
        NameChains,
        GetBalancesHandler,
        GetLatestBlockHandler,
        ListChainsHandler,
        GetChainsBySlipHandler,
        GetCapabilitiesHandler,
        ListAssetsHandler,
        ReverseNameHandler,
      ],
    };
  }
}
