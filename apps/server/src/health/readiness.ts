import type { Pool } from 'pg';
import type { HealthRegistry, HealthReport } from '@chainwire/core';
import { countParkedEvents } from '@chainwire/consumers';

/** The body of GET /health/ready (in the envelope's data). */
export interface Readiness {
  status: 'ready' | 'not_ready';
  /** One report per part: the database, the event store, every indexer, projection and consumer. */
  checks: HealthReport[];
  /** Events tenant-facing consumers gave up on, per consumer. Counted, never a reason to be not ready. */
  parkedEvents: Record<string, number> | null;
}

/** Every part's report, and the parked-event counts when the database answers. */
export async function checkReadiness(registry: HealthRegistry, pool: Pool): Promise<Readiness> {
  const checks = await registry.reports();
  const database = checks.find((c) => c.component === 'database');
  const parkedEvents = database?.ok === false ? null : await countParkedEvents(pool).catch(() => null);
  return { status: checks.every((c) => c.ok) ? 'ready' : 'not_ready', checks, parkedEvents };
}

/** One line naming what is wrong, for the envelope's message and the probe's log. */
export function notReadyReasons(readiness: Readiness): string {
  return readiness.checks
    .filter((c) => !c.ok)
    .map((c) => `${c.component}: ${c.reason ?? 'not ok'}`)
    .join('; ');
}
