import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { ChainDirectoryModuleRef } from '@chainwire/chains';
import type { DatabaseModuleRef } from '@chainwire/core';
import { ApiKeyGuard } from './guard/api-key.guard';
import { ApiKeyLookup } from './guard/api-key-lookup';
import { authenticateOnRequestProvider } from './guard/authenticate-on-request';

export interface AuthModuleImports {
  /** The app's database: the guard looks keys up on its DataSource. */
  readonly database: DatabaseModuleRef;
  /** The app's chain directory: the guard checks the request's chain against it. */
  readonly chainDirectory: ChainDirectoryModuleRef;
}

/** Requires a valid x-api-key on every /api/ route (checked on request, before the body is read) and the plan's chains. */
@Module({})
export class AuthModule {
  static forRoot(imports: AuthModuleImports): DynamicModule {
    return {
      module: AuthModule,
      imports: [imports.database, imports.chainDirectory],
      providers: [ApiKeyLookup, authenticateOnRequestProvider, { provide: APP_GUARD, useClass: ApiKeyGuard }],
    };
  }
}
