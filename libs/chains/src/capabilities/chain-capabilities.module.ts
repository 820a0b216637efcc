import { type DynamicModule, Module } from '@nestjs/common';
import { ChainCapabilities } from './chain-capabilities';

/** What `ChainCapabilitiesModule.forRoot()` returns: one module object, so one registry, per app. */
export interface ChainCapabilitiesModuleRef extends DynamicModule {
  readonly module: typeof ChainCapabilitiesModule;
}

/**
 * The app's one ChainCapabilities registry (docs/architecture.md §2, Nest wiring): the app builds it once
 * and hands it to every feature module that contributes a capability and to the one that reports them.
 */
@Module({})
export class ChainCapabilitiesModule {
  static forRoot(): ChainCapabilitiesModuleRef {
    return {
      module: ChainCapabilitiesModule,
      providers: [ChainCapabilities],
      exports: [ChainCapabilities],
    };
  }
}
