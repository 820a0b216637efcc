import type { PoolClient } from 'pg';

/** Runs `COPY … FROM '/dev/blob'` with `body` as the blob, in the embedded store's one session. */
export type EmbeddedCopy = (statement: string, body: Buffer) => Promise<void>;

/** Per embedded store, by the directory of the Unix socket it serves on (a connection's `host`). */
const copiers = new Map<string, EmbeddedCopy>();

/**
 * Makes COPY available on the connections of an embedded store (docs/architecture.md §4). PGlite is one
 * session: a statement run on the PGlite object runs inside the transaction that a `pg` connection of
 * the same store has open, as if that connection had sent it. Returns the withdrawal, for its close.
 */
export function registerEmbeddedCopy(socketDir: string, copy: EmbeddedCopy): () => void {
  const key = socketDir;
  copiers.set(key, copy);
  return () => {
    if (copiers.get(key) === copy) copiers.delete(key);
  };
}

/** The embedded store's COPY for a connection to it; undefined for any other connection. */
export function embeddedCopyFor(client: PoolClient): EmbeddedCopy | undefined {
  if (copiers.size === 0) return undefined;
  const { host } = client as unknown as { host?: string };
  return host === undefined ? undefined : copiers.get(host);
}
