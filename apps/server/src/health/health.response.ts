import { z } from 'zod';

export const livenessSchema = z.object({ status: z.literal('live') }).meta({ id: 'Liveness' });

const healthCheckSchema = z
  .object({
    component: z.string().meta({ example: 'indexer/ethereum' }),
    ok: z.boolean(),
    reason: z.string().optional().meta({
      description: 'Fixed words, never a node message, URL or request',
      example: 'failing for 12 s',
    }),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'HealthCheck' });

/** GET /health/ready: every part this process runs, and the parked-event counts when the database answers. */
export const readinessSchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.array(healthCheckSchema),
    parkedEvents: z.record(z.string(), z.number().int()).nullable().meta({
      description:
        'Events tenant-facing consumers gave up on, per consumer; null when the database does not answer',
    }),
  })
  .meta({ id: 'Readiness' });
