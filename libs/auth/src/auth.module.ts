import { type DynamicModule, Module } from '@nestjs/common';
import type { ChainDirectoryModuleRef } from '@chainwire/chains';
import type { DatabaseModuleRef } from '@chainwire/core';
import { ApiKeyLookup } from './guard/api-key-lookup';
import { apiKeyHooksProvider } from './guard/api-key-hooks.provider';

export interface AuthModuleImports {
  /** The app's database: keys are looked up on its DataSource. */
  readonly database: DatabaseModuleRef;
  /** The app's chain directory: the plan check finds the request's chain in it. */
  readonly chainDirectory: ChainDirectoryModuleRef;
}

/** Requires a valid x-api-key on every /api/ route (checked on request, before the body is read) and the plan's chains. */
@Module({})
export class AuthModule {
  static forRoot(imports: AuthModuleImports): DynamicModule {
    return {
      module: AuthModule,
      imports: [imports.database, imports.chainDirectory],
      providers: [ApiKeyLookup, apiKeyHooksProvider],
    };
  }
}
