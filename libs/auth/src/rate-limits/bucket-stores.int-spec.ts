import type { Database } from '@chainwire/core';
import { createTestDatabase } from '@test/support/test-database';
import { LeasedBucketStore } from './leased-bucket-store';
import { MemoryBucketStore } from './memory-bucket-store';
import { PostgresBucketStore } from './postgres-bucket-store';

describe('token bucket stores', () => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 20 });
  });
  afterAll(async () => {
    await db.close();
  });

  it('lets exactly the capacity through of concurrent charges on one bucket (one atomic statement each)', async () => {
    const store = new PostgresBucketStore(db.pool);
    const rule = { capacity: 25, refillPerSecond: 1e-6 };
    const charges = await Promise.all(Array.from({ length: 60 }, () => store.take('race', 1, rule)));
    expect(charges.filter((c) => c.allowed)).toHaveLength(25);
    expect(Math.min(...charges.map((c) => c.tokens))).toBeGreaterThanOrEqual(0);
  });

  it('refills from the elapsed time, takes nothing on a refusal, and never beyond the capacity', async () => {
    const store = new PostgresBucketStore(db.pool);
    const rule = { capacity: 4, refillPerSecond: 20 };
    expect(await store.take('refill', 4, rule)).toEqual({ allowed: true, tokens: 0 });
    const refused = await store.take('refill', 4, rule);
    expect(refused.allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const back = await store.take('refill', 4, rule);
    expect(back.allowed).toBe(true);
    expect(back.tokens).toBeLessThan(0.5);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await store.take('refill', 1, rule)).tokens).toBeCloseTo(3, 5);
  });

  it('keeps buckets apart, and the memory store follows the same rule', () => {
    let now = 0;
    const store = new MemoryBucketStore(() => now);
    const rule = { capacity: 3, refillPerSecond: 1 };
    expect(store.take('a', 3, rule)).toEqual({ allowed: true, tokens: 0 });
    expect(store.take('b', 1, rule)).toEqual({ allowed: true, tokens: 2 });
    expect(store.take('a', 1, rule)).toEqual({ allowed: false, tokens: 0 });
    now = 1_500;
    expect(store.take('a', 1, rule)).toEqual({ allowed: true, tokens: 0.5 });
    now = 60_000;
    expect(store.take('a', 0, rule)).toEqual({ allowed: true, tokens: 3 });
  });

  it('leases a fast-refilling bucket per process: one statement for many charges, never past the budget', async () => {
    let statements = 0;
    const counted = new PostgresBucketStore(db.pool);
    const lease = counted.lease.bind(counted);
    counted.lease = (...args) => (statements++, lease(...args));
    const fast = new LeasedBucketStore(counted);
    const rich = { capacity: 1e6, refillPerSecond: 1e4 };
    for (let i = 0; i < 500; i++) expect((await fast.take('leased', 1, rich)).allowed).toBe(true);
    expect(statements).toBe(1);

    // Two processes on one bucket near its limit: together they pass what it holds and its refill, no more.
    const processes = [
      new LeasedBucketStore(new PostgresBucketStore(db.pool)),
      new LeasedBucketStore(new PostgresBucketStore(db.pool)),
    ];
    const tight = { capacity: 50, refillPerSecond: 20 };
    const started = performance.now();
    const charges = await Promise.all(
      Array.from({ length: 80 }, (_, i) => processes[i % 2]!.take('shared', 1, tight)),
    );
    const refill = Math.ceil(((performance.now() - started) / 1000) * tight.refillPerSecond);
    const passed = charges.filter((c) => c.allowed).length;
    expect(passed).toBeLessThanOrEqual(tight.capacity + refill);
    // What a process leased and did not spend: at most a tenth of a second's refill each.
    expect(passed).toBeGreaterThanOrEqual(tight.capacity - 2 * 2);
  });
});
