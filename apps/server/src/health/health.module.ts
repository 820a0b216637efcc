import { type DynamicModule, Module } from '@nestjs/common';
import type { HealthRegistry } from '@chainwire/core';
import { HEALTH_REGISTRY, HealthController } from './health.controller';

/** GET /health/live and /health/ready for the parts registered in this process's registry. */
@Module({})
export class HealthModule {
  static forRoot(registry: HealthRegistry): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [{ provide: HEALTH_REGISTRY, useValue: registry }],
    };
  }
}
