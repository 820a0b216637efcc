import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { type EmbeddedDatabaseThread, startEmbeddedDatabaseThread } from './embedded-database-thread';

// The embedded store's thread and its MessagePort connections, whatever DATABASE_URL says: this is the
// path every PGlite deployment takes.
describe('embedded database thread', () => {
  let thread: EmbeddedDatabaseThread;
  const clients: Client[] = [];

  async function connect(): Promise<Client> {
    const client = new Client({ connectionString: thread.url, stream: thread.connect });
    await client.connect();
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    thread = await startEmbeddedDatabaseThread(undefined);
    const setup = await connect();
    await setup.query('CREATE TABLE items (id int PRIMARY KEY, note text)');
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.end().catch(() => undefined)));
    const cleanup = new Client({ connectionString: thread.url, stream: thread.connect });
    await cleanup.connect();
    await cleanup.query('DELETE FROM items');
    await cleanup.end();
  });

  afterAll(() => thread.close());

  it('runs another connection only once an open transaction has ended', async () => {
    const a = await connect();
    const b = await connect();
    await a.query('BEGIN');
    await a.query('INSERT INTO items VALUES (1, $1)', ['uncommitted']);
    // One session: had b run inside a's transaction, it would count a's row.
    const counted = b.query<{ n: string }>('SELECT count(*)::int AS n FROM items');
    await new Promise((r) => setTimeout(r, 100));
    await a.query('ROLLBACK');
    expect((await counted).rows[0].n).toBe(0);
  });

  it('rolls back the transaction of a connection that goes away', async () => {
    const a = await connect();
    await a.query('BEGIN');
    await a.query('INSERT INTO items VALUES (2, $1)', ['left behind']);
    await a.end();
    const b = await connect();
    expect((await b.query('SELECT count(*)::int AS n FROM items')).rows[0].n).toBe(0);
    await b.query('BEGIN');
    await b.query('INSERT INTO items VALUES (3, $1)', ['kept']);
    await b.query('COMMIT');
    expect((await b.query('SELECT id FROM items')).rows).toEqual([{ id: 3 }]);
  });

  it('carries messages and answers of many megabytes whole', async () => {
    const client = await connect();
    const note = 'x'.repeat(12_000_000) + 'end';
    await client.query('INSERT INTO items VALUES (4, $1)', [note]);
    const { rows } = await client.query<{ length: number; tail: string }>(
      'SELECT length(note) AS length, right(note, 3) AS tail FROM items WHERE id = 4',
    );
    expect(rows).toEqual([{ length: note.length, tail: 'end' }]);
    const back = await client.query<{ note: string }>('SELECT note FROM items WHERE id = 4');
    expect(back.rows[0].note === note).toBe(true);
  });

  it('answers a failed statement with its error and goes on serving the connection', async () => {
    const client = await connect();
    await expect(client.query('SELECT 1 / $1::int AS q', [0])).rejects.toMatchObject({ code: '22012' });
    await expect(client.query('SELECT 1 / $1::int AS q', [1])).resolves.toMatchObject({ rows: [{ q: 1 }] });
  });
});

describe('embedded database thread with a data directory', () => {
  it('keeps what was committed across a close and a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'embedded-thread-'));
    try {
      const first = await startEmbeddedDatabaseThread(join(dir, 'pgdata'));
      const writer = new Client({ connectionString: first.url, stream: first.connect });
      await writer.connect();
      await writer.query('CREATE TABLE kept (v text)');
      await writer.query("INSERT INTO kept VALUES ('across restarts')");
      await writer.end();
      await first.close();

      const second = await startEmbeddedDatabaseThread(join(dir, 'pgdata'));
      const reader = new Client({ connectionString: second.url, stream: second.connect });
      await reader.connect();
      expect((await reader.query('SELECT v FROM kept')).rows).toEqual([{ v: 'across restarts' }]);
      await reader.end();
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
