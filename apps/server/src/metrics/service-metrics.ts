import { Counter, Gauge, Registry } from 'prom-client';
import type { Database, HealthRegistry, HealthReport } from '@chainwire/core';
import type { AppendObserver } from '@chainwire/event-store';
import { ConsumerRunner } from '@chainwire/consumers';

/**
 * The process's Prometheus registry (docs/architecture.md §9). What the process already knows is read
 * when scraped rather than pushed by each part: the chains' heads and lags from the indexers' health
 * reports, each consumer runner's distance to the head of `$all` (ConsumerRunner.lag), halted consumers
 * from their reports, parked events and the delivery queue from their tables, the oldest writing
 * transaction from the server's sessions. Counters of things that
 * happen (appends, HTTP requests, delivery attempts) are registered on it by their owners.
 */
export interface ServiceMetrics {
  readonly registry: Registry;
  /** Counts what the process's event store appends (`chainwire_events_appended_total{type}`). */
  readonly countAppended: AppendObserver;
}

export function serviceMetrics(deps: { health: HealthRegistry; db: Database }): ServiceMetrics {
  const registry = new Registry();
  const appended = new Counter({
    name: 'chainwire_events_appended_total',
    help: 'Events this process appended to the event store, by type',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const reports = (prefix: string) => async () =>
    (await deps.health.reports()).filter((r) => r.component.startsWith(prefix));

  const indexers = reports('indexer/');
  chainGauge(registry, 'indexed_head', 'Last block indexed', indexers, 'indexedHead');
  chainGauge(registry, 'node_head', "The node's head block", indexers, 'nodeHead');
  chainGauge(
    registry,
    'lag_blocks',
    'Blocks between the indexed block and the node head',
    indexers,
    'lagBlocks',
  );
  chainGauge(registry, 'lag_seconds', 'Seconds the indexer has been behind its node', indexers, 'lagSeconds');

  new Gauge({
    name: 'chainwire_consumer_lag_positions',
    help: 'Positions of $all from the first event a consumer has yet to apply to the head (about events, on PostgreSQL)',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const runners = deps.health
        .registered()
        .filter((s): s is ConsumerRunner => s instanceof ConsumerRunner);
      const lags = await Promise.all(runners.map(async (r) => [r.name, await r.lag()] as const));
      for (const [name, lag] of lags) this.set({ consumer: name }, Number(lag));
    },
  });
  new Gauge({
    name: 'chainwire_consumer_halted',
    help: '1 while a consumer is stopped on a failure a retry cannot cure',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const report of await consumerReports(deps.health)) {
        const halted = !report.ok && report.details?.retryable === false;
        this.set({ consumer: consumerName(report) }, halted ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'chainwire_consumer_parked_events',
    help: 'Events a consumer has set aside (parked_events)',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await deps.db.pool.query<{ consumer: string; n: number }>(
        'SELECT consumer, count(*)::int AS n FROM parked_events GROUP BY consumer',
      );
      for (const name of await consumerNames(deps.health)) this.set({ consumer: name }, 0);
      for (const row of rows) this.set({ consumer: row.consumer }, row.n);
    },
  });
  new Gauge({
    name: 'chainwire_webhook_deliveries_queued',
    help: 'Deliveries waiting: due now, pending later, or held while their endpoint is paused',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await deps.db.pool.query<{ due: number; later: number; held: number }>(
        `SELECT count(*) FILTER (WHERE status = 'pending' AND next_attempt_at <= now())::int AS due,
                count(*) FILTER (WHERE status = 'pending' AND next_attempt_at > now())::int AS later,
                count(*) FILTER (WHERE status = 'held')::int AS held
           FROM webhook_deliveries WHERE status IN ('pending', 'held')`,
      );
      const counts = rows[0];
      this.set({ state: 'due' }, counts.due);
      this.set({ state: 'later' }, counts.later);
      this.set({ state: 'held' }, counts.held);
    },
  });
  new Gauge({
    name: 'chainwire_store_oldest_write_transaction_seconds',
    help:
      'Age of the oldest open transaction that has written, in any database of the PostgreSQL server ' +
      '(0 when none): the readers of $all wait for it to end',
    registers: [registry],
    async collect() {
      // The readers' horizon is the server's oldest transaction id (docs/architecture.md §4), so every
      // session of the server counts, not only this database's.
      const { rows } = await deps.db.pool.query<{ age: number }>(
        `SELECT coalesce(extract(epoch FROM now() - min(xact_start)), 0)::float8 AS age
           FROM pg_stat_activity WHERE backend_xid IS NOT NULL`,
      );
      this.set(rows[0]!.age);
    },
  });
  return { registry, countAppended: (type, count) => appended.inc({ type }, count) };
}

function chainGauge(
  registry: Registry,
  name: string,
  help: string,
  indexers: () => Promise<HealthReport[]>,
  detail: string,
): void {
  new Gauge({
    name: `chainwire_chain_${name}`,
    help,
    labelNames: ['chain'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const report of await indexers()) {
        const value = report.details?.[detail];
        if (value === null || value === undefined) continue;
        this.set({ chain: report.component.slice('indexer/'.length) }, Number(value));
      }
    },
  });
}

const CONSUMER_PREFIXES = ['projection/', 'consumer/'];

async function consumerReports(health: HealthRegistry): Promise<HealthReport[]> {
  return (await health.reports()).filter((r) => CONSUMER_PREFIXES.some((p) => r.component.startsWith(p)));
}

async function consumerNames(health: HealthRegistry): Promise<string[]> {
  return (await consumerReports(health)).map(consumerName);
}

function consumerName(report: HealthReport): string {
  return report.component.slice(report.component.indexOf('/') + 1);
}
