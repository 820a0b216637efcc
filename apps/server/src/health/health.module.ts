import { type DynamicModule, Module } from '@nestjs/common';
import type { DatabaseModuleRef, HealthRegistryModuleRef } from '@chainwire/core';
import { HealthController } from './health.controller';

export interface HealthModuleImports {
  /** Readiness asks the database's pool directly (parked-event counts). */
  readonly database: DatabaseModuleRef;
  /** The parts of this process that /health/ready reports. */
  readonly health: HealthRegistryModuleRef;
}

/** GET /health/live and /health/ready for the parts registered in this process's registry. */
@Module({})
export class HealthModule {
  static forRoot(imports: HealthModuleImports): DynamicModule {
    return {
      module: HealthModule,
      imports: [imports.database, imports.health],
      controllers: [HealthController],
    };
  }
}
