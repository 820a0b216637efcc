import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiAnswers,
  ApiError,
  type Database,
  DATABASE,
  HEALTH_REGISTRY,
  type HealthRegistry,
} from '@chainwire/core';
import { livenessSchema, readinessSchema } from './health.response';
import { checkReadiness, notReadyReasons, type Readiness } from './readiness';

export const NOT_READY = 'NOT_READY';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(HEALTH_REGISTRY) private readonly registry: HealthRegistry,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  @Get('live')
  @ApiOperation({
    summary: 'Liveness: the process is up and serving HTTP (no key needed)',
    description:
      'Always 200 with data {status: "live"} while the process runs; restart the process if it does not answer.',
  })
  @ApiAnswers({ ok: livenessSchema, public: true })
  live(): { status: 'live' } {
    return { status: 'live' };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: every part of this process works (no key needed)',
    description:
      'data: {status, checks: [{component, ok, reason?, details?}], parkedEvents: {consumer: count}}. ' +
      '503 NOT_READY (same data, message naming the reasons) while the database or the event store does not ' +
      'answer within 2 s, an indexer is failing or more than 60 s behind its node, or a projection is halted. ' +
      'Parked events are counted but do not make the service unready. Each process reports the roles it runs. ' +
      'Reasons are fixed words (e.g. "failing for 12 s: rate limited (HTTP 429)"), never a node\'s message, URL or request.',
  })
  @ApiAnswers({
    ok: readinessSchema,
    public: true,
    errors: { 503: { codes: [NOT_READY], data: readinessSchema } },
  })
  async ready(): Promise<Readiness> {
    const readiness = await checkReadiness(this.registry, this.db.pool);
    if (readiness.status !== 'ready')
      throw new ApiError(503, NOT_READY, notReadyReasons(readiness), readiness);
    return readiness;
  }
}
