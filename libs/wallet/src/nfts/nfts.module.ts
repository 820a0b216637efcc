import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ChainCapabilitiesModuleRef, ChainDirectoryModuleRef } from '@chainwire/chains';
import type { DatabaseModuleRef } from '@chainwire/core';
import { GetNftCollectionsHandler } from './get-nft-collections.query';
import { GetNftItemHandler } from './get-nft-item.query';
import { NftChainReader } from './nft-chain-reader';
import { NFTS_OPTIONS, type NftsModuleOptions } from './nfts-options';
import { NftsController } from './nfts.controller';

export interface NftsModuleImports {
  readonly database: DatabaseModuleRef;
  readonly chainDirectory: ChainDirectoryModuleRef;
  /** The app's capability registry: the routes register `nfts` for the chains with a node. */
  readonly capabilities: ChainCapabilitiesModuleRef;
}

/** NFT routes (docs/architecture.md §11). Needs CqrsModule.forRoot() in the root module. */
@Module({})
export class NftsModule {
  static forRoot(imports: NftsModuleImports, options: NftsModuleOptions): DynamicModule {
    return {
      module: NftsModule,
      imports: [CqrsModule, imports.database, imports.chainDirectory, imports.capabilities],
      controllers: [NftsController],
      providers: [
        { provide: NFTS_OPTIONS, useValue: options },
        NftChainReader,
        GetNftCollectionsHandler,
        GetNftItemHandler,
      ],
    };
  }
}
