import { type DynamicModule, Module } from '@nestjs/common';
import { getDataSourceToken, getRepositoryToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Database } from '../db/database';
import { DATABASE } from './injection-tokens';

type Entity = Parameters<typeof getRepositoryToken>[0];

/** What `DatabaseModule.forRoot()` returns: the one module object every importer of the database shares. */
export interface DatabaseModuleRef extends DynamicModule {
  readonly module: typeof DatabaseModule;
}

/**
 * The process's database as DATABASE and its one TypeORM DataSource under @nestjs/typeorm's token, so
 * `@InjectDataSource()` and the repositories of `forFeature` resolve to it.
 *
 * Not global: a feature module lists the module it uses in its own `imports`, and fails to resolve
 * without it. The app builds `forRoot()` once and hands that object to each feature; Nest 11 identifies
 * a dynamic module by its object, so every importer shares one module and one provider.
 *
 * The database belongs to whoever opened it (the server's bootstrap, a test), not to the Nest app
 * (TypeOrmModule.forRoot would destroy the DataSource when the app closes, under the consumers that
 * outlive it), so it is provided as a value and never closed here.
 */
@Module({})
export class DatabaseModule {
  static forRoot(options: { db: Database }): DatabaseModuleRef {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DATABASE, useValue: options.db },
        { provide: getDataSourceToken(), useValue: options.db.dataSource },
      ],
      exports: [DATABASE, getDataSourceToken()],
    };
  }

  /**
   * `@InjectRepository()` repositories of `entities` on `database`'s DataSource, with the database itself
   * re-exported: the explicit counterpart of `TypeOrmModule.forFeature`, which needs a global DataSource.
   */
  static forFeature(database: DatabaseModuleRef, entities: readonly Entity[]): DynamicModule {
    const repositories = entities.map((entity) => ({
      provide: getRepositoryToken(entity),
      useFactory: (dataSource: DataSource) => dataSource.getRepository(entity),
      inject: [getDataSourceToken()],
    }));
    return {
      module: DatabaseModule,
      imports: [database],
      providers: repositories,
      exports: [...repositories.map((r) => r.provide), database],
    };
  }
}
