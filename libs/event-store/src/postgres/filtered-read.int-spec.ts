import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { performance } from 'node:perf_hooks';
import { insertChainEventRows } from '@test/support/chain-event-rows';
import { createTestDatabase } from '@test/support/test-database';
import type { Database } from '@chainwire/core';
import { type EventFilter, type GlobalPosition, START } from '../event-store';
import { PostgresEventStore } from './postgres-event-store';
import { type ReadShape, readAllQuery } from './read-all-query';

const CHAIN_EVENTS = 1_000_000;
/** The subscriptions read model's filter: a consumer of rare events in a store full of chain events. */
const SUBSCRIPTIONS: EventFilter = {
  streamPrefixes: ['subscription-'],
  eventTypes: ['SubscriptionRequested', 'SubscriptionActivated', 'SubscriptionPaused', 'SubscriptionDeleted'],
};

/** Shared buffers (pages) a read touches, from its plan's instrumentation, function internals included. */
async function pagesTouched(
  db: Database | PoolClient,
  filter: EventFilter,
  after: GlobalPosition,
  shape: ReadShape = 'events',
): Promise<number> {
  const { text, values } = readAllQuery({ after, filter, limit: 1000 }, shape);
  const queryable = 'pool' in db ? db.pool : db;
  const { rows } = await queryable.query<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`,
    values,
  );
  const plan = rows[0]!['QUERY PLAN'][0].Plan;
  return plan['Shared Hit Blocks']! + plan['Shared Read Blocks']!;
}

/** docs/architecture.md §4: a filtered read costs what it returns, not the events it skips. */
describe('filtered reads of $all behind a million chain events', () => {
  let db: Database;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    await insertChainEventRows(db.pool, CHAIN_EVENTS);
  }, 300_000);
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  it('finds the one subscription event after them at once, and an idle poll touches no chain rows', async () => {
    const id = randomUUID();
    await store.appendToStream(`subscription-${id}`, [
      { id: randomUUID(), type: 'SubscriptionRequested', data: { subscriptionId: id } },
    ]);

    const started = performance.now();
    const found = await store.readAll({ after: START, filter: SUBSCRIPTIONS });
    console.log(
      `filtered read over ${CHAIN_EVENTS} chain events: ${(performance.now() - started).toFixed(1)} ms`,
    );
    expect(found.map((e) => [e.streamId, e.type])).toEqual([[`subscription-${id}`, 'SubscriptionRequested']]);

    // The read that found it and the idle poll after it each touch a handful of index pages; a scan
    // of the chain events (the same read filtered by stream prefix alone) touches thousands.
    expect(await pagesTouched(db, SUBSCRIPTIONS, START)).toBeLessThan(40);
    expect(await pagesTouched(db, SUBSCRIPTIONS, found[0]!.position)).toBeLessThan(40);
    expect(await pagesTouched(db, { streamPrefixes: ['subscription-'] }, START)).toBeGreaterThan(5_000);
  });

  it('keeps touching no chain rows once a connection has cached the scans as generic plans', async () => {
    // PL/pgSQL plans each scan with its arguments five times, then may keep a generic plan for the
    // connection; that plan must still walk events_by_type, for a rare type as for a dense one.
    const client = await db.pool.connect();
    try {
      const idle = readAllQuery({ after: START, filter: SUBSCRIPTIONS, limit: 1000 });
      const dense = readAllQuery(
        { after: START, filter: { eventTypes: ['TransferObserved'] }, limit: 1000 },
        'positions',
      );
      for (let i = 0; i < 10; i++) {
        await client.query(idle.text, idle.values);
        await client.query(dense.text, dense.values);
      }
      expect(await pagesTouched(client, SUBSCRIPTIONS, START)).toBeLessThan(40);
      expect(
        await pagesTouched(client, { eventTypes: ['TransferObserved'] }, START, 'positions'),
      ).toBeLessThan(500);
    } finally {
      client.release();
    }
  });

  it('still pages a dense type in global order, a limit at a time', async () => {
    const first = await store.readAll({
      after: START,
      limit: 1000,
      filter: { eventTypes: ['TransferObserved'] },
    });
    const second = await store.readAll({
      after: first[first.length - 1]!.position,
      limit: 1000,
      filter: { eventTypes: ['TransferObserved', 'BlockIndexed'] },
    });
    expect(first).toHaveLength(1000);
    expect(first.every((e) => e.type === 'TransferObserved')).toBe(true);
    expect(second.map((e) => e.streamPosition)).toEqual(
      Array.from({ length: 1000 }, (_, i) => first[999]!.streamPosition + 1n + BigInt(i)),
    );
    // Catching up on a dense type stops at the limit: it never fetches the backlog to sort it.
    expect(await pagesTouched(db, { eventTypes: ['TransferObserved'] }, START)).toBeLessThan(500);
  });
});
