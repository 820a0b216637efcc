import { type DynamicModule, Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';
import { DATABASE, LOGGER } from './injection-tokens';

/**
 * Makes the process-wide database and logger injectable everywhere (DATABASE, LOGGER tokens), and the
 * database's one TypeORM DataSource under @nestjs/typeorm's token, so `TypeOrmModule.forFeature()`,
 * `@InjectRepository()` and `@InjectDataSource()` resolve to it. The DataSource belongs to the process,
 * not to the app (TypeOrmModule.forRoot would destroy it when the app closes, under the indexers,
 * projections and dispatcher that share it), so it is provided as a value here.
 */
@Global()
@Module({})
export class AppContextModule {
  static forRoot(deps: { db: Database; logger: Logger }): DynamicModule {
    return {
      module: AppContextModule,
      providers: [
        { provide: DATABASE, useValue: deps.db },
        { provide: LOGGER, useValue: deps.logger },
        { provide: getDataSourceToken(), useValue: deps.db.dataSource },
      ],
      exports: [DATABASE, LOGGER, getDataSourceToken()],
    };
  }
}
