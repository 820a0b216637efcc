import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from '../logging/logger';
import { LOGGER } from './injection-tokens';

/** What `LoggerModule.forRoot()` returns: one module object shared by every importer. */
export interface LoggerModuleRef extends DynamicModule {
  readonly module: typeof LoggerModule;
}

/** The process's logger as LOGGER. Not global: built once per app and imported by each module that logs. */
@Module({})
export class LoggerModule {
  static forRoot(logger: Logger): LoggerModuleRef {
    return {
      module: LoggerModule,
      providers: [{ provide: LOGGER, useValue: logger }],
      exports: [LOGGER],
    };
  }
}
