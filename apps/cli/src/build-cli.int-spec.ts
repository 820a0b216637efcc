import { findApiKey } from '@chainwire/auth';
import { findAssets, seedRegistries } from '@chainwire/chains';
import { chainEventId, chainStream, TRANSFER_OBSERVED } from '@chainwire/chain-events';
import { REPLAYABLE_PROJECTIONS } from '@chainwire/composition';
import type { AppConfig, Database } from '@chainwire/core';
import { PostgresEventStore, START } from '@chainwire/event-store';
import { createTestDatabase } from '@test/support/test-database';
import { buildCli } from './build-cli';
import { openCliDatabase } from './cli-database';
import { CliUsageError } from './cli-output';

describe('cli', () => {
  let db: Database;
  const stdout: string[] = [];
  const stderr: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedRegistries(db.dataSource);
  });
  afterAll(() => db.close());
  beforeEach(() => {
    stdout.length = 0;
    stderr.length = 0;
  });

  const run = (...args: string[]) =>
    buildCli({
      loadConfig: () => ({ eventStoreUrl: undefined }) as AppConfig,
      // The test owns the database: the command's close() must not end it.
      openDatabase: async () => ({ ...db, close: async () => undefined }),
      out: { log: (l) => stdout.push(l), error: (l) => stderr.push(l) },
    }).parseAsync(['node', 'cli', ...args]);

  it('creates a key, prints it once and stores only its hash', async () => {
    await run('keys', 'create', '--plan', 'pro', '--name', 'ops');
    expect(stdout).toHaveLength(1);
    const key = stdout[0]!;
    expect(key).toMatch(/^cw_/);
    expect(stderr.join('')).toMatch(/Created pro API key .* shown only now/);
    expect(await findApiKey(db.dataSource, key)).toMatchObject({ plan: 'pro', name: 'ops' });
  });

  it('refuses an unknown plan and a missing --plan', async () => {
    await expect(run('keys', 'create', '--plan', 'gold')).rejects.toThrow(CliUsageError);
    await expect(run('keys', 'create')).rejects.toThrow(/required option '--plan <plan>'/);
  });

  it('revokes a key by id, once, and refuses an unknown id', async () => {
    await run('keys', 'create', '--plan', 'free');
    const key = stdout[0]!;
    const id = /API key (\S+)\./.exec(stderr.join(''))![1];
    stdout.length = 0;
    await run('keys', 'revoke', id);
    expect(stdout).toEqual([`Revoked API key ${id}`]);
    expect(await findApiKey(db.dataSource, key)).toBeNull();
    await run('keys', 'revoke', id);
    expect(stdout[1]).toBe(`API key ${id} was already revoked`);
    await expect(run('keys', 'revoke', '00000000-0000-4000-8000-000000000000')).rejects.toThrow(/No API key/);
    await expect(run('keys', 'revoke', 'nope')).rejects.toThrow(CliUsageError);
  });

  it('adds an asset, as a default when asked', async () => {
    const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    await run(
      'assets',
      'add',
      '--chain',
      'ethereum',
      '--contract',
      contract,
      '--symbol',
      'DEMO',
      '--name',
      'Demo',
      '--decimals',
      '8',
      '--type',
      'erc20',
      '--default',
    );
    expect(stdout.join('')).toContain('Registered DEMO (erc20, 8 decimals) on ethereum');
    expect(await findAssets(db.dataSource, 'ethereum', [contract])).toEqual([
      expect.objectContaining({ contract: contract.toLowerCase(), decimals: 8, isDefault: true }),
    ]);
    await expect(
      run(
        'assets',
        'add',
        '--chain',
        'narnia',
        '--contract',
        contract,
        '--symbol',
        'X',
        '--name',
        'X',
        '--decimals',
        '8',
        '--type',
        'erc20',
      ),
    ).rejects.toThrow(/UNKNOWN_CHAIN/);
    await expect(
      run(
        'assets',
        'add',
        '--chain',
        'ethereum',
        '--contract',
        contract,
        '--symbol',
        'X',
        '--name',
        'X',
        '--decimals',
        'eight',
        '--type',
        'erc20',
      ),
    ).rejects.toThrow(/--decimals/);
  });

  it('replays a projection and rejects an unknown one', async () => {
    await db.pool.query(
      "INSERT INTO blocks (chain, number, hash, parent_hash, timestamp) VALUES ('ethereum', 1, '0xstale', '0x0', 1)",
    );
    await run('replay', 'blocks');
    expect(stdout.join('')).toMatch(/Replayed blocks: 0 events/);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM blocks');
    expect(rows[0].n).toBe(0);
    await expect(run('replay', 'nope')).rejects.toThrow(
      /Unknown projection "nope"; expected one of .*balances/,
    );
  });

  it('replays every projection with --all, and wants names or --all, not both', async () => {
    await run('replay', '--all');
    const replayed = stdout.map((line) => /^Replayed (\S+):/.exec(line)?.[1]);
    expect(replayed).toEqual(Object.keys(REPLAYABLE_PROJECTIONS));
    await expect(run('replay')).rejects.toThrow(/Name a projection .* or give --all/);
    await expect(run('replay', 'blocks', '--all')).rejects.toThrow(/not both/);
  });

  it('replays nfts: the ownership rows are rebuilt from the chain stream, stale rows gone', async () => {
    const store = new PostgresEventStore(db.pool);
    const nft = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const [zero, alice, bob] = [
      '0x0000000000000000000000000000000000000000',
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    ];
    const id = (2n ** 256n - 1n).toString();
    const multi = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
    const transfer = (ref: string, kind: 'erc721' | 'erc1155', from: string, to: string, amount: string) => ({
      id: chainEventId(TRANSFER_OBSERVED, 'replayed', '0xb1', ref),
      type: TRANSFER_OBSERVED,
      data: {
        ...{
          chain: 'replayed',
          blockNumber: '1',
          blockHash: '0xb1',
          timestamp: 1,
          txHash: '0x01',
          ref,
          kind,
        },
        ...{ asset: kind === 'erc721' ? nft : multi, from, to, amount, tokenId: id },
      },
    });
    await store.appendToStream(chainStream('replayed'), [
      transfer('log:0', 'erc721', zero, alice, '1'),
      transfer('log:1', 'erc721', alice, bob, '1'),
      transfer('log:2:0', 'erc1155', zero, alice, '7'),
    ]);
    // On a shared PostgreSQL server the appends become visible once older transactions of the cluster end.
    const visible = () => store.readAll({ after: START, filter: { streamPrefixes: ['chain-replayed'] } });
    for (let tries = 0; (await visible()).length < 3; tries++) {
      if (tries === 300) throw new Error('the appended events never became visible');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await db.pool.query("INSERT INTO nft_holdings VALUES ('replayed', '0xstale', 1, '0xstale', 'ERC721', 1)");
    await run('replay', 'nfts');
    expect(stdout.join('')).toMatch(/Replayed nfts: 3 events/);
    const { rows } = await db.pool.query(
      "SELECT owner, standard, amount::text FROM nft_holdings WHERE chain = 'replayed' ORDER BY standard, owner",
    );
    expect(rows).toEqual([
      { owner: alice.toLowerCase(), standard: 'ERC1155', amount: '7' },
      { owner: bob.toLowerCase(), standard: 'ERC721', amount: '1' },
      { owner: alice.toLowerCase(), standard: 'ERC721', amount: '0' },
    ]);
  });

  it('replays on the pool the CLI opens on PostgreSQL: the lock, the swap and a store read at once', async () => {
    if (db.embedded) return; // the CLI opens embedded PGlite itself, one connection, and reads before it swaps
    const cliDb = await openCliDatabase({ databaseUrl: db.url } as AppConfig);
    const replayed = buildCli({
      loadConfig: () => ({ eventStoreUrl: undefined }) as AppConfig,
      openDatabase: async () => cliDb,
      out: { log: (l) => stdout.push(l), error: (l) => stderr.push(l) },
    }).parseAsync(['node', 'cli', 'replay', 'webhook-subscriptions']);
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('replay stuck waiting for a connection')), 20_000);
    });
    try {
      await Promise.race([replayed, stuck]);
    } finally {
      clearTimeout(timer);
    }
    expect(stdout.join('')).toMatch(/Replayed webhook-subscriptions: 0 events/);
  });
});
