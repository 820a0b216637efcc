import { type Database, failureReason, type HealthReport, type HealthSource } from '@chainwire/core';
import { type EventStore, START } from '@chainwire/event-store';

/** How long a readiness probe waits for a store before calling it unreachable. */
export const STORE_CHECK_TIMEOUT_MS = 2000;

/** The database answers `SELECT 1` in time. */
export function databaseHealth(db: Database, timeoutMs = STORE_CHECK_TIMEOUT_MS): HealthSource {
  return { health: () => probe('database', () => db.pool.query('SELECT 1'), timeoutMs) };
}

/** The event store answers a one-event read of `$all` in time. */
export function eventStoreHealth(eventStore: EventStore, timeoutMs = STORE_CHECK_TIMEOUT_MS): HealthSource {
  return {
    health: () => probe('event-store', () => eventStore.readAll({ after: START, limit: 1 }), timeoutMs),
  };
}

async function probe(
  component: string,
  check: () => Promise<unknown>,
  timeoutMs: number,
): Promise<HealthReport> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const message = `no answer within ${timeoutMs} ms`;
    timer = setTimeout(() => reject(Object.assign(new Error(message), { publicReason: message })), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return { component, ok: true };
  } catch (error) {
    // Public: fixed words, never the driver's message (docs/architecture.md §9).
    return { component, ok: false, reason: `unreachable: ${failureReason(error)}` };
  } finally {
    clearTimeout(timer);
  }
}
