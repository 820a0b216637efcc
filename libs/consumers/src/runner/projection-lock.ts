import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Client } from 'pg';
import type { Database } from '@chainwire/core';

/** Leadership of one projection. `signal` aborts when it is lost (the lock connection failed). */
export interface ProjectionLease {
  readonly signal: AbortSignal;
  release(): Promise<void>;
}

export interface AcquireLockOptions {
  /** How often a standby retries, in ms. */
  retryMs: number;
  /** Gives up (resolves null) when aborted. */
  signal?: AbortSignal;
  log?: (msg: string) => void;
}

/**
 * Waits until this process holds the projection's lock. PostgreSQL: a session advisory lock held on a
 * connection of its own (outside the pool) for as long as the lease lives, so it ends with the process
 * or the connection.
 * Embedded PGlite: every connection shares one session, where an advisory lock would be granted to all
 * of them; and only one process can open the data directory anyway, so a process-local lock is enough.
 */
export function acquireProjectionLock(
  db: Database,
  name: string,
  options: AcquireLockOptions,
): Promise<ProjectionLease | null> {
  return db.embedded ? acquireLocalLock(db.url, name, options) : acquireAdvisoryLock(db, name, options);
}

/** A stable signed 64-bit key per projection name (pg_advisory_lock takes a bigint). */
export function advisoryLockKey(name: string): bigint {
  const digest = createHash('sha256').update(`projection:${name}`).digest();
  return digest.readBigInt64BE(0);
}

async function acquireAdvisoryLock(
  db: Database,
  name: string,
  options: AcquireLockOptions,
): Promise<ProjectionLease | null> {
  const key = advisoryLockKey(name).toString();
  let announced = false;
  while (!options.signal?.aborted) {
    // A connection of its own, not one of the pool's: held for as long as the projection runs, it would
    // leave the pool one connection short per projection (the API, the indexer and every projection's
    // batches share that pool).
    const client = new Client({ connectionString: db.url });
    const lost = new AbortController();
    const onError = () => lost.abort();
    // A client that errors with no listener would crash the process.
    client.on('error', onError);
    client.on('end', onError);
    try {
      await client.connect();
    } catch (error) {
      release(client, onError);
      throw error;
    }
    let held = false;
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [
        key,
      ]);
      held = rows[0].ok;
    } catch (error) {
      release(client, onError);
      throw error;
    }
    if (held) return advisoryLease(client, key, lost, onError);
    release(client, onError);
    if (!announced) options.log?.(`projection ${name}: standby, another instance holds the lock`);
    announced = true;
    await sleep(options.retryMs, options.signal);
  }
  return null;
}

function advisoryLease(
  client: Client,
  key: string,
  lost: AbortController,
  onError: () => void,
): ProjectionLease {
  let released = false;
  return {
    signal: lost.signal,
    release: async () => {
      if (released) return;
      released = true;
      // Ending the connection ends the session, which releases the lock; unlocking first says so at once.
      if (!lost.signal.aborted)
        await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => undefined);
      release(client, onError);
    },
  };
}

/** Ends the lock's connection, which ends its session: any advisory lock it still held goes with it. */
function release(client: Client, onError: () => void): void {
  client.off('error', onError);
  client.off('end', onError);
  client.end().catch(() => undefined);
}

const localHolders = new Set<string>();
const localReleases = new EventEmitter().setMaxListeners(0);

async function acquireLocalLock(
  scope: string,
  name: string,
  options: AcquireLockOptions,
): Promise<ProjectionLease | null> {
  const key = `${scope}|${name}`;
  let announced = false;
  while (!options.signal?.aborted) {
    if (!localHolders.has(key)) {
      localHolders.add(key);
      let released = false;
      return {
        signal: new AbortController().signal,
        release: async () => {
          if (released) return;
          released = true;
          localHolders.delete(key);
          localReleases.emit('released', key);
        },
      };
    }
    if (!announced) options.log?.(`projection ${name}: standby, another runner holds the lock`);
    announced = true;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        localReleases.off('released', onRelease);
        options.signal?.removeEventListener('abort', done);
        resolve();
      };
      const onRelease = (released: string) => released === key && done();
      const timer = setTimeout(done, options.retryMs);
      localReleases.on('released', onRelease);
      options.signal?.addEventListener('abort', done);
    });
  }
  return null;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}
