import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';
import { DATABASE, LOGGER } from './injection-tokens';

/** Makes the process-wide database and logger injectable everywhere (DATABASE, LOGGER tokens). */
@Global()
@Module({})
export class AppContextModule {
  static forRoot(deps: { db: Database; logger: Logger }): DynamicModule {
    return {
      module: AppContextModule,
      providers: [
        { provide: DATABASE, useValue: deps.db },
        { provide: LOGGER, useValue: deps.logger },
      ],
      exports: [DATABASE, LOGGER],
    };
  }
}
