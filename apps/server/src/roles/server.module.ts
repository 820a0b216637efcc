import { type DynamicModule, Module } from '@nestjs/common';
import type { Role } from '@chainwire/core';

/**
 * The order roles start in: the consumers that keep read models current first, then the indexers that
 * feed them, the dispatcher, and the API last, so a request never meets a process half started.
 */
export const ROLE_START_ORDER: readonly Role[] = ['projector', 'indexer', 'dispatcher', 'api'];

export interface ServerModuleOptions {
  /** The roles this process runs, in any order. */
  readonly roles: readonly Role[];
  /** The module of one role; called for the chosen roles only. */
  readonly roleModule: (role: Role) => DynamicModule;
  /** Started after every role and stopped before them (the health probes of a process without api). */
  readonly after?: readonly DynamicModule[];
}

/**
 * The root of a server process: the chosen role modules, imported in ROLE_START_ORDER. Each role starts
 * its work in onApplicationBootstrap and stops it in onApplicationShutdown. Nest calls a lifecycle hook
 * module by module, deepest imports first and modules at one depth in import order, and calls the
 * shutdown hooks in exactly the reverse order; the role modules sit side by side at depth one and import
 * no role, so they start in this order and stop in reverse. Nest closes the HTTP server between
 * beforeApplicationShutdown and onApplicationShutdown: the API stops taking requests before any
 * background role stops.
 */
@Module({})
export class ServerModule {
  static forRoot(options: ServerModuleOptions): DynamicModule {
    const chosen = new Set(options.roles);
    return {
      module: ServerModule,
      imports: [
        ...ROLE_START_ORDER.filter((role) => chosen.has(role)).map((role) => options.roleModule(role)),
        ...(options.after ?? []),
      ],
    };
  }
}
