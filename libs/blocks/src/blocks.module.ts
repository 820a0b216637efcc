import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ChainDirectoryModuleRef } from '@chainwire/chains';
import type { DatabaseModuleRef } from '@chainwire/core';
import { BlocksController } from './blocks.controller';
import { GetLatestBlockHandler } from './get-latest-block.query';

export interface BlocksModuleImports {
  readonly database: DatabaseModuleRef;
  /** The route resolves its `chain` against the registry (400 UNKNOWN_CHAIN). */
  readonly chainDirectory: ChainDirectoryModuleRef;
}

/** GET /api/blocks/latest: the chain head read from the blocks projection. Needs CqrsModule.forRoot() in the root module. */
@Module({})
export class BlocksModule {
  static forRoot(imports: BlocksModuleImports): DynamicModule {
    return {
      module: BlocksModule,
      imports: [CqrsModule, imports.database, imports.chainDirectory],
      controllers: [BlocksController],
      providers: [GetLatestBlockHandler],
    };
  }
}
