import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApiKey } from '@chainwire/auth';
import { seedRegistries } from '@chainwire/chains';
import { CHAIN_NODE_SETTINGS_FOR_CODE } from '@chainwire/chains/testing';
import { type Database, parseJsonExact, silentLogger } from '@chainwire/core';
import { PostgresEventStore } from '@chainwire/event-store';
import { testWebhooksConfig } from '@chainwire/webhooks/testing';
import { createTestDatabase } from '@test/support/test-database';
import { createApiApp } from '../create-api-app';

describe('GET /api/info and the indexed capability', () => {
  let db: Database;
  let eventStore: PostgresEventStore;
  let app: NestFastifyApplication;
  let key: { id: string; key: string };
  let other: { id: string; key: string };

  const get = async (url: string, apiKey = key.key) => {
    const res = await app.inject({ method: 'GET', url, headers: { 'x-api-key': apiKey } });
    return { status: res.statusCode, json: parseJsonExact(res.body) as Record<string, unknown> };
  };

  const subscription = (apiKeyId: string, status: string) =>
    db.pool.query(
      `INSERT INTO webhook_subscriptions (id, api_key_id, chain, address, webhook_origin, event_kinds, status,
         version, created_at, updated_at)
       VALUES ($1, $2, 'ethereum', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'http://127.0.0.1:9/hook',
         '{INCOMING_NATIVE}', $3, 1, now(), now())`,
      [randomUUID(), apiKeyId, status],
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    eventStore = new PostgresEventStore(db.pool);
    await seedRegistries(db.dataSource);
    key = await createApiKey(db.dataSource, { plan: 'free' });
    other = await createApiKey(db.dataSource, { plan: 'pro' });
    app = await createApiApp({
      db,
      eventStore,
      logger: silentLogger,
      webhooks: testWebhooksConfig(),
      chains: [
        {
          id: 'ethereum',
          rpcUrl: 'http://127.0.0.1:1',
          ensRegistry: '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e',
          ...CHAIN_NODE_SETTINGS_FOR_CODE,
        },
        { id: 'polygon', ...CHAIN_NODE_SETTINGS_FOR_CODE },
      ],
    });
  });
  afterAll(async () => {
    await app.close();
    await eventStore.close();
    await db.close();
  });

  it('counts chains, active assets, indexed blocks per chain and the caller’s subscriptions', async () => {
    const empty = await get('/api/info');
    expect(empty.status).toBe(200);
    expect(empty.json.data).toEqual({ chains: 167n, assets: 175n, indexedBlocks: [], subscriptions: 0n });

    for (const n of [7n, 8n, 9n, 10n]) {
      await db.pool.query(
        `INSERT INTO blocks (chain, number, hash, parent_hash, timestamp) VALUES ('ethereum', $1, $2, $3, 0)`,
        [n.toString(), `0x${n}`, `0x${n - 1n}`],
      );
    }
    const big = 2n ** 60n;
    await db.pool.query(
      `INSERT INTO blocks (chain, number, hash, parent_hash, timestamp) VALUES ('base', $1, '0xb', '0xa', 0)`,
      [big.toString()],
    );
    await db.pool.query(`UPDATE assets SET status = 'disabled' WHERE chain = 'ethereum' AND symbol = 'LINK'`);
    await subscription(key.id, 'active');
    await subscription(key.id, 'paused');
    await subscription(key.id, 'deleted');
    await subscription(other.id, 'active');

    const res = await get('/api/info');
    expect(res.json.data).toEqual({
      chains: 167n,
      assets: 174n,
      indexedBlocks: [
        { chain: 'base', blocks: 1n, firstBlock: big, latestBlock: big },
        { chain: 'ethereum', blocks: 4n, firstBlock: 7n, latestBlock: 10n },
      ],
      subscriptions: 2n,
    });
    expect((await get('/api/info', other.key)).json.data).toMatchObject({ subscriptions: 1n });
  });

  it('reports indexed, names and nfts for the chains the configuration gives a node', async () => {
    expect((await get('/api/chains/ethereum/capabilities')).json.data).toEqual({
      chain: 'ethereum',
      indexed: true,
      prices: false,
      swaps: false,
      names: true,
      nfts: true,
      staking: false,
      transactions: true,
    });
    expect((await get('/api/chains/polygon/capabilities')).json.data).toMatchObject({
      indexed: false,
      names: false,
      nfts: false,
    });
  });
});
