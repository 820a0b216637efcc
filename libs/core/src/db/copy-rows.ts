import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { embeddedCopyFor } from './embedded-copy';

/** Below this many rows a multi-row INSERT costs less than a savepoint and a COPY round trip. */
export const COPY_MIN_ROWS = 100;

const UNIQUE_VIOLATION = '23505';
const copyCapable = new WeakMap<PoolClient, Promise<boolean>>();

/**
 * Whether COPY can run inside a transaction on this connection: yes on a PostgreSQL server (`FROM
 * STDIN`) and on this process's embedded store (`FROM '/dev/blob'`, embedded-copy.ts); no on another
 * PGlite, where `FROM STDIN` through pglite-socket loses the protocol's sync and the connection with
 * it. Asked once per connection (the server names itself in version()).
 */
export function canCopy(client: PoolClient): Promise<boolean> {
  if (embeddedCopyFor(client)) return Promise.resolve(true);
  let capable = copyCapable.get(client);
  if (!capable) {
    capable = client
      .query<{ version: string }>('SELECT version()')
      .then(({ rows }) => !/PGlite/i.test(rows[0]?.version ?? ''));
    copyCapable.set(client, capable);
  }
  return capable;
}

/**
 * Writes `rows` (each already in COPY text form: fields escaped with copyField, joined by tabs) with one
 * `COPY table (columns) FROM STDIN` (from a blob on the embedded store), inside a savepoint of the
 * caller's transaction. Bulk writes that must skip rows already stored keep their INSERT … ON CONFLICT /
 * NOT EXISTS as the fallback: when a unique index refuses a row, the savepoint undoes the COPY and the
 * answer is false. Other errors throw.
 */
export async function copyRowsOrRefuse(
  client: PoolClient,
  table: string,
  columns: readonly string[],
  rows: readonly string[],
): Promise<boolean> {
  const target = `${table} (${columns.join(', ')})`;
  const embedded = embeddedCopyFor(client);
  const body = copyBody(rows);
  await client.query('SAVEPOINT copy_rows');
  try {
    if (embedded) await embedded(`COPY ${target} FROM '/dev/blob'`, body);
    else await pipeline(Readable.from([body]), client.query(copyFrom(`COPY ${target} FROM STDIN`)));
  } catch (error) {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    await client.query('ROLLBACK TO SAVEPOINT copy_rows');
    return false;
  }
  await client.query('RELEASE SAVEPOINT copy_rows');
  return true;
}

/**
 * The rows, each ending in a newline, as one buffer written row by row. Joining them first would build
 * a string the size of the whole batch (tens of megabytes in a backfill) only to flatten and encode it
 * again; writing in place costs a fraction of that (bench:indexer).
 */
export function copyBody(rows: readonly string[]): Buffer {
  let size = rows.length;
  for (let i = 0; i < rows.length; i++) size += Buffer.byteLength(rows[i]!);
  const body = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = 0; i < rows.length; i++) {
    at += body.write(rows[i]!, at);
    body[at++] = 0x0a;
  }
  return body;
}

/** One field in COPY's text format: null as \N; backslash, tab, newline and carriage return escaped. */
export function copyField(value: string | number | bigint | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  // Nearly every field needs no escape; a test costs half a replace that finds nothing.
  return COPY_SPECIAL.test(value) ? value.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c]!) : value;
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIALS = /[\\\t\n\r]/g;

const COPY_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};
