import { type DynamicModule, Module } from '@nestjs/common';
import { HealthRegistry } from '../health/health-registry';
import { HEALTH_REGISTRY } from './injection-tokens';

/** What `HealthRegistryModule.forRoot()` returns: one module object shared by every importer. */
export interface HealthRegistryModuleRef extends DynamicModule {
  readonly module: typeof HealthRegistryModule;
}

/**
 * The process's one HealthRegistry as HEALTH_REGISTRY: the roles register what they start, the health
 * routes read it. Not global: built once per app and imported by each module that registers or reads.
 */
@Module({})
export class HealthRegistryModule {
  static forRoot(registry: HealthRegistry = new HealthRegistry()): HealthRegistryModuleRef {
    return {
      module: HealthRegistryModule,
      providers: [{ provide: HEALTH_REGISTRY, useValue: registry }],
      exports: [HEALTH_REGISTRY],
    };
  }
}
