import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, type DatabaseModuleRef } from '@chainwire/core';
import { ChainDirectory } from './chain-directory';
import { ChainEntity } from './entities/chain.entity';

/** What `ChainDirectoryModule.forRoot()` returns: one module object, so one ChainDirectory, per app. */
export interface ChainDirectoryModuleRef extends DynamicModule {
  readonly module: typeof ChainDirectoryModule;
}

/**
 * The one in-memory chains table of the app. Not global: the app builds it once and each feature that
 * reads chains imports that object (sharing its cache); it imports the database it loads from.
 */
@Module({})
export class ChainDirectoryModule {
  static forRoot(options: { database: DatabaseModuleRef }): ChainDirectoryModuleRef {
    return {
      module: ChainDirectoryModule,
      imports: [DatabaseModule.forFeature(options.database, [ChainEntity])],
      providers: [ChainDirectory],
      exports: [ChainDirectory],
    };
  }
}
