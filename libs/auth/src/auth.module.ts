import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { ChainDirectoryModuleRef } from '@chainwire/chains';
import type { DatabaseModuleRef } from '@chainwire/core';
import { ApiKeyGuard } from './guard/api-key.guard';

export interface AuthModuleImports {
  /** The app's database: the guard looks keys up on its DataSource. */
  readonly database: DatabaseModuleRef;
  /** The app's chain directory: the guard checks the request's chain against it. */
  readonly chainDirectory: ChainDirectoryModuleRef;
}

/** Installs the x-api-key guard on every route of the app. */
@Module({})
export class AuthModule {
  static forRoot(imports: AuthModuleImports): DynamicModule {
    return {
      module: AuthModule,
      imports: [imports.database, imports.chainDirectory],
      providers: [{ provide: APP_GUARD, useClass: ApiKeyGuard }],
    };
  }
}
