import { type DynamicModule, Module } from '@nestjs/common';
import type { ChainDirectoryModuleRef } from '@chainwire/chains';
import { type DatabaseModuleRef, NO_PLAN_LIMITS, type PlanLimitSettings } from '@chainwire/core';
import { ApiKeyLookup } from './guard/api-key-lookup';
import { apiKeyHooksProvider } from './guard/api-key-hooks.provider';
import { KeyBudget } from './rate-limits/key-budget';
import { keyBudgetProvider, PLAN_LIMITS } from './rate-limits/key-budget.provider';

export interface AuthModuleImports {
  /** The app's database: keys are looked up on its DataSource. */
  readonly database: DatabaseModuleRef;
  /** The app's chain directory: the plan check finds the request's chain in it. */
  readonly chainDirectory: ChainDirectoryModuleRef;
}

export interface AuthModuleOptions {
  /** Per-key request budgets by plan (AppConfig.planLimits); absent: NO_PLAN_LIMITS, no key is limited. */
  readonly planLimits?: PlanLimitSettings;
}

/**
 * Requires a valid x-api-key on every /api/ route (checked on request, before the body is read), meters
 * it against its plan's budget and checks the plan's chains. Global for KeyBudget alone: the hooks and
 * every feature's handlers must charge one budget per process, and features are built without a
 * reference to this module.
 */
@Module({})
export class AuthModule {
  static forRoot(imports: AuthModuleImports, options: AuthModuleOptions = {}): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      imports: [imports.database, imports.chainDirectory],
      providers: [
        ApiKeyLookup,
        { provide: PLAN_LIMITS, useValue: options.planLimits ?? NO_PLAN_LIMITS },
        keyBudgetProvider,
        apiKeyHooksProvider,
      ],
      exports: [KeyBudget],
    };
  }
}
