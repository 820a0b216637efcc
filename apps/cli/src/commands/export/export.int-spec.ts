import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { AppConfig, Database } from '@chainwire/core';
import { PostgresEventStore, type NewEvent } from '@chainwire/event-store';
import { createTestDatabase } from '@test/support/test-database';
import { buildCli } from '../../build-cli';
import { CliUsageError } from '../../cli-output';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

const transfer = (n: number, from: string, to: string, extra: Record<string, unknown> = {}): NewEvent => ({
  id: randomUUID(),
  type: 'TransferObserved',
  data: {
    chain: 'ethereum',
    blockNumber: String(n),
    ref: `${n}`,
    from,
    to,
    amount: `${10n ** 30n + BigInt(n)}`,
    ...extra,
  },
});
const block = (n: number): NewEvent => ({
  id: randomUUID(),
  type: 'BlockIndexed',
  data: { number: String(n) },
});

interface NdjsonLine {
  position: string;
  streamId: string;
  streamPosition: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

describe('cli export', () => {
  let db: Database;
  let store: PostgresEventStore;
  const dir = mkdtempSync(join(tmpdir(), 'cli-export-'));
  const stderr: string[] = [];
  const chunks: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    await store.appendToStream('chain-ethereum', [
      block(1),
      transfer(1, ALICE, BOB),
      transfer(2, BOB, ALICE),
    ]);
    await store.appendToStream('chain-ethereum2', [transfer(3, ALICE, BOB)]);
    await store.appendToStream('subscription-1', [
      { id: randomUUID(), type: 'SubscriptionCreated', data: { url: 'https://example.com/a,"b"\nc' } },
    ]);
    // A field the first transfer has not: CSV keeps it in extra_data.
    await store.appendToStream('chain-ethereum', [transfer(4, ALICE, BOB, { tokenId: '7' })]);
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });
  beforeEach(() => {
    stderr.length = 0;
    chunks.length = 0;
  });

  const run = (...args: string[]) =>
    buildCli({
      loadConfig: () => ({ eventStoreUrl: undefined }) as AppConfig,
      openDatabase: async () => ({ ...db, close: async () => undefined }),
      out: { log: () => undefined, error: (l) => stderr.push(l) },
      stdout: new Writable({
        highWaterMark: 1024,
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk.toString());
          setImmediate(callback);
        },
      }),
    }).parseAsync(['node', 'cli', 'export', ...args]);
  const ndjson = (text: string): NdjsonLine[] =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as NdjsonLine);
  const exported = async (...args: string[]) => {
    await run(...args, '--format', 'ndjson');
    return ndjson(chunks.join(''));
  };

  it('writes one stream in order, exactly, as NDJSON, and says what it did on stderr', async () => {
    const lines = await exported('chain-ethereum');
    expect(lines.map((l) => [l.streamId, l.streamPosition, l.type])).toEqual([
      ['chain-ethereum', '0', 'BlockIndexed'],
      ['chain-ethereum', '1', 'TransferObserved'],
      ['chain-ethereum', '2', 'TransferObserved'],
      ['chain-ethereum', '3', 'TransferObserved'],
    ]);
    expect(lines[1].data).toEqual({
      chain: 'ethereum',
      blockNumber: '1',
      ref: '1',
      from: ALICE,
      to: BOB,
      amount: '1000000000000000000000000000001',
    });
    expect(lines[0].position).toMatch(/^\d+\/\d+$/);
    expect(Date.parse(lines[0].createdAt)).not.toBeNaN();
    expect(stderr.at(-1)).toMatch(/^export: done, \d+ events in [\d.]+ s \([\d,]+\/s\), 4 written$/);
  });

  it('reads a category, $all and one type', async () => {
    const category = await exported('chain');
    expect(new Set(category.map((l) => l.streamId))).toEqual(new Set(['chain-ethereum', 'chain-ethereum2']));
    expect(category).toHaveLength(5);
    chunks.length = 0;
    expect(await exported('$ce-chain')).toEqual(category);
    chunks.length = 0;
    const all = await exported('$all');
    expect(all.filter((l) => l.streamId === 'subscription-1')).toHaveLength(1);
    expect(all.map((l) => l.position)).toEqual([...all.map((l) => l.position)].sort(comparePositionText));
    chunks.length = 0;
    expect((await exported('chain', '--type', 'BlockIndexed')).map((l) => l.type)).toEqual(['BlockIndexed']);
  });

  it("keeps an address's transfers, whatever the case of the address", async () => {
    const lines = await exported(
      'chain-ethereum',
      '--type',
      'TransferObserved',
      '--involving',
      BOB.toLowerCase(),
    );
    expect(lines.map((l) => l.data.ref)).toEqual(['1', '2', '4']);
    chunks.length = 0;
    expect(
      await exported('chain-ethereum', '--involving', '0x0000000000000000000000000000000000000001'),
    ).toEqual([]);
  });

  it('bounds the export by positions and dates, both inclusive', async () => {
    const lines = await exported('chain-ethereum');
    chunks.length = 0;
    const middle = await exported('chain-ethereum', '--from', lines[1].position, '--to', lines[2].position);
    expect(middle.map((l) => l.streamPosition)).toEqual(['1', '2']);
    chunks.length = 0;
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await exported('chain-ethereum', '--from', future)).toEqual([]);
    chunks.length = 0;
    expect(await exported('chain-ethereum', '--to', future)).toHaveLength(4);
  });

  it('writes CSV a spreadsheet reads back: data fields as columns, the rest in extra_data', async () => {
    const file = join(dir, 'chain.csv');
    await run('chain-ethereum', '--type', 'TransferObserved', '--format', 'csv', '--out', file);
    const rows = parse(readFileSync(file), { columns: true }) as Record<string, string>[];
    const header = Object.keys(rows[0]);
    expect(header.slice(0, 6)).toEqual([
      'position',
      'stream_id',
      'stream_position',
      'event_id',
      'type',
      'created_at',
    ]);
    // The data's fields in the store's order (jsonb orders keys its own way), then the two JSON columns.
    expect(header.slice(6, -2).sort()).toEqual(['amount', 'blockNumber', 'chain', 'from', 'ref', 'to']);
    expect(header.slice(-2)).toEqual(['extra_data', 'metadata']);
    expect(rows.map((r) => r.amount)).toEqual([
      '1000000000000000000000000000001',
      '1000000000000000000000000000002',
      '1000000000000000000000000000004',
    ]);
    expect(rows[2].extra_data).toBe('{"tokenId":"7"}');
    expect(chunks).toEqual([]);

    await run('subscription', '--format', 'csv', '--out', file);
    const [subscription] = parse(readFileSync(file), { columns: true }) as Record<string, string>[];
    expect(subscription.url).toBe('https://example.com/a,"b"\nc');
  });

  it('streams a large export page by page', async () => {
    const many = Array.from({ length: 9000 }, (_, n) => transfer(1000 + n, ALICE, BOB));
    await store.appendToStream('chain-big', many);
    const lines = await exported('chain-big');
    expect(lines.map((l) => l.data.ref)).toEqual(many.map((_, n) => String(1000 + n)));
    // Written as it is read: several writes, none holding the whole export.
    const perWrite = chunks.map((c) => c.split('\n').length - 1);
    expect(perWrite.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...perWrite)).toBeLessThanOrEqual(2000);
  });

  it('refuses bad arguments with usage errors', async () => {
    await expect(run('$all', '--format', 'xml')).rejects.toThrow(CliUsageError);
    await expect(run('$all', '--format', 'csv', '--from', 'yesterday')).rejects.toThrow(/--from "yesterday"/);
    await expect(run('$all', '--format', 'csv', '--to', '12')).rejects.toThrow(CliUsageError);
    await expect(run('$stats', '--format', 'csv')).rejects.toThrow(/Unknown system stream/);
    await expect(run('$ce-a*b', '--format', 'csv')).rejects.toThrow(/Not a category/);
    await expect(run('$all')).rejects.toThrow(/required option '--format <format>'/);
  });
});

function comparePositionText(a: string, b: string): number {
  const [ac, ap] = a.split('/').map(BigInt);
  const [bc, bp] = b.split('/').map(BigInt);
  return ac !== bc ? (ac < bc ? -1 : 1) : ap < bp ? -1 : ap > bp ? 1 : 0;
}
