import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_DELETED, SUBSCRIPTION_REQUESTED, subscriptionStream } from './subscription.events';
import { startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BASE = '/api/notifications/subscriptions';

describe('notifications subscriptions API', () => {
  let t: WebhooksTestApp;
  const body = (overrides: Record<string, unknown> = {}) => ({
    chain: 'ethereum',
    address: ADDRESS.toLowerCase(),
    webhookUrl: 'https://hooks.example.com/transfers',
    eventKinds: ['INCOMING_NATIVE'],
    ...overrides,
  });

  beforeAll(async () => (t = await startWebhooksTestApp()));
  afterAll(() => t.close());

  it('creates a pending subscription with a normalised address, recorded as an event', async () => {
    const res = await t.request('POST', BASE, body({ eventKinds: ['INCOMING_FUNGIBLE', 'INCOMING_NATIVE'] }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ok: true, code: 'OK' });
    const s = res.json.data;
    expect(s).toMatchObject({
      chain: 'ethereum',
      address: ADDRESS,
      webhookUrl: 'https://hooks.example.com/transfers',
      eventKinds: ['INCOMING_NATIVE', 'INCOMING_FUNGIBLE'],
      status: 'pending',
    });
    expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(s.createdAt).toISOString()).toBe(s.createdAt);
    const events = await t.eventStore.readStream(subscriptionStream(s.id));
    expect(events.map((e) => e.type)).toEqual([SUBSCRIPTION_REQUESTED]);
    expect(events[0].data).toMatchObject({ apiKeyId: t.keys.pro.id, address: ADDRESS });

    const got = await t.request('GET', `${BASE}/${s.id}`);
    expect(got.status).toBe(200);
    expect(got.json.data).toEqual(s);
  });

  it('refuses a second live subscription for the same chain and address under one key, not under another', async () => {
    const again = await t.request('POST', BASE, body({ address: ADDRESS }));
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ ok: false, code: 'SUBSCRIPTION_EXISTS', data: null });
    const otherKey = await t.request('POST', BASE, body(), t.keys.enterprise.key);
    expect(otherKey.status).toBe(201);
  });

  it('lets only one of two concurrent creates through', async () => {
    const results = await Promise.all([1, 2, 3].map(() => t.request('POST', BASE, body({ address: OTHER }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    [{ chain: 'nochain' }, 'UNKNOWN_CHAIN'],
    [{ chain: undefined }, 'UNKNOWN_CHAIN'],
    [{ address: '0x1234' }, 'INVALID_ADDRESS'],
    [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267'.replace('f39F', 'F39f') }, 'INVALID_ADDRESS'],
    [{ webhookUrl: 'not a url' }, 'INVALID_WEBHOOK_URL'],
    [{ webhookUrl: 'ftp://example.com/x' }, 'INVALID_WEBHOOK_URL'],
    [{ webhookUrl: 'https://user:pw@example.com/x' }, 'INVALID_WEBHOOK_URL'],
    [{ webhookUrl: 42 }, 'INVALID_WEBHOOK_URL'],
    [{ webhookUrl: `https://hooks.example.com/${'a'.repeat(2049 - 26)}` }, 'INVALID_WEBHOOK_URL'],
    // Within 2,048 characters as typed, beyond once the parser percent-encodes the spaces.
    [{ webhookUrl: `https://hooks.example.com/${' x'.repeat(1000)}` }, 'INVALID_WEBHOOK_URL'],
    [{ webhookUrl: 'https://hooks.example.com/a\u0000b' }, 'INVALID_CHARACTERS'],
    [{ webhookUrl: 'https://hooks.example.com/\nb' }, 'INVALID_CHARACTERS'],
    [{ eventKinds: [] }, 'INVALID_EVENT_KINDS'],
    [{ eventKinds: ['INCOMING_NFT'] }, 'INVALID_EVENT_KINDS'],
    [{ eventKinds: ['INCOMING_NATIVE', 'INCOMING_NATIVE'] }, 'INVALID_EVENT_KINDS'],
    [{ eventKinds: 'INCOMING_NATIVE' }, 'INVALID_EVENT_KINDS'],
    // The body parser gives integers as bigint: naming them in the message was a 500.
    [{ eventKinds: [1] }, 'INVALID_EVENT_KINDS'],
    [{ eventKinds: [1.5, null, {}, ['INCOMING_NATIVE']] }, 'INVALID_EVENT_KINDS'],
  ])('rejects %j with 400 %s', async (overrides, code) => {
    const res = await t.request(
      'POST',
      BASE,
      body({ address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', ...overrides }),
    );
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ok: false, code });
  });

  it('stores the URL as the URL parser writes it, and that form is what the subscription shows', async () => {
    const res = await t.request(
      'POST',
      BASE,
      body({
        address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
        webhookUrl: 'HTTPS://Hooks.Example.COM:443/a b/../c?q=ü',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json.data.webhookUrl).toBe('https://hooks.example.com/c?q=%C3%BC');
    expect((await t.request('GET', `${BASE}/${res.json.data.id}`)).json.data.webhookUrl).toBe(
      'https://hooks.example.com/c?q=%C3%BC',
    );
    await t.request('DELETE', `${BASE}/${res.json.data.id}`);
  });

  it('keeps the URL out of the event store: events carry its origin, the URL is sealed and gone on delete', async () => {
    const secretPath = '/receiver/7f3c9a1e-token?sig=s3cr3t';
    const res = await t.request(
      'POST',
      BASE,
      body({
        address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
        webhookUrl: `https://hooks.example.com${secretPath}`,
      }),
    );
    expect(res.status).toBe(201);
    const id = res.json.data.id as string;
    const events = await t.eventStore.readStream(subscriptionStream(id));
    expect(events[0].data).toMatchObject({ webhookOrigin: 'https://hooks.example.com' });
    const { rows } = await t.db.pool.query<{ sealed: Buffer }>(
      'SELECT sealed FROM webhook_endpoints WHERE subscription_id = $1',
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].sealed.toString('latin1')).not.toContain('7f3c9a1e');

    expect((await t.request('GET', BASE)).json.data.find((s: { id: string }) => s.id === id).webhookUrl).toBe(
      `https://hooks.example.com${secretPath}`,
    );
    const deleted = await t.request('DELETE', `${BASE}/${id}`);
    expect(deleted.json.data.webhookUrl).toBe(`https://hooks.example.com${secretPath}`);
    const after = await t.db.pool.query('SELECT 1 FROM webhook_endpoints WHERE subscription_id = $1', [id]);
    expect(after.rows).toHaveLength(0);

    // What `cli export` and replays read: every event of the store, none carrying the token.
    const all = await t.eventStore.readAll({ limit: 100_000 });
    expect(all.length).toBeGreaterThan(0);
    expect(JSON.stringify(all.map((e) => e.data))).not.toContain('7f3c9a1e');
  });

  it('answers 403 for a chain outside the key plan', async () => {
    const res = await t.request('POST', BASE, body({ chain: 'fantom' }), t.keys.free.key);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('CHAIN_NOT_IN_PLAN');
    expect((await t.request('POST', BASE, body({ chain: 'fantom' }), t.keys.pro.key)).status).toBe(201);
  });

  it('lists the key subscriptions newest first, with a bounded limit', async () => {
    const all = await t.request('GET', BASE);
    expect(all.status).toBe(200);
    const created = all.json.data.map((s: { createdAt: string }) => s.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.json.data.length).toBe(3);
    const one = await t.request('GET', `${BASE}?limit=1`);
    expect(one.json.data).toEqual([all.json.data[0]]);
    for (const bad of ['0', '101', '-1', 'x', '1.5']) {
      const res = await t.request('GET', `${BASE}?limit=${bad}`);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('INVALID_LIMIT');
    }
    const other = await t.request('GET', BASE, undefined, t.keys.enterprise.key);
    expect(other.json.data).toHaveLength(1);
  });

  it('answers 404 for an unknown, malformed or foreign id', async () => {
    const mine = (await t.request('GET', BASE)).json.data[0];
    for (const [id, key] of [
      ['00000000-0000-4000-8000-000000000000', t.keys.pro.key],
      ['not-a-uuid', t.keys.pro.key],
      [mine.id, t.keys.enterprise.key],
    ]) {
      for (const url of [`${BASE}/${id}`, `${BASE}/${id}/deliveries`]) {
        const res = await t.request('GET', url, undefined, key);
        expect(res.status).toBe(404);
        expect(res.json.code).toBe('SUBSCRIPTION_NOT_FOUND');
      }
      expect((await t.request('DELETE', `${BASE}/${id}`, undefined, key)).status).toBe(404);
    }
  });

  it('deletes: 404 afterwards, an event recorded, and the address free for a new subscription', async () => {
    const created = await t.request(
      'POST',
      BASE,
      body({ address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' }),
    );
    const id = created.json.data.id;
    const deleted = await t.request('DELETE', `${BASE}/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.data).toMatchObject({ id, status: 'deleted' });
    expect((await t.request('GET', `${BASE}/${id}`)).status).toBe(404);
    expect((await t.request('DELETE', `${BASE}/${id}`)).status).toBe(404);
    const types = (await t.eventStore.readStream(subscriptionStream(id))).map((e) => e.type);
    expect(types).toEqual([SUBSCRIPTION_REQUESTED, SUBSCRIPTION_DELETED]);
    const again = await t.request(
      'POST',
      BASE,
      body({ address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' }),
    );
    expect(again.status).toBe(201);
    expect(again.json.data.id).not.toBe(id);
  });

  it('decides a delete on the stream, not the read model: a deletion not yet projected is 404 and appends nothing', async () => {
    const address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
    const id = (await t.request('POST', BASE, body({ address }))).json.data.id;
    // Another process deleted it; the read model has not caught up.
    await t.eventStore.appendToStream(subscriptionStream(id), [
      {
        id: randomUUID(),
        type: SUBSCRIPTION_DELETED,
        data: { subscriptionId: id, at: new Date().toISOString() },
      },
    ]);
    expect((await t.request('GET', `${BASE}/${id}`)).json.data.status).toBe('pending');
    const refused = await t.request('DELETE', `${BASE}/${id}`);
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe('SUBSCRIPTION_NOT_FOUND');
    const types = (await t.eventStore.readStream(subscriptionStream(id))).map((e) => e.type);
    expect(types).toEqual([SUBSCRIPTION_REQUESTED, SUBSCRIPTION_DELETED]);
  });

  it('returns an empty delivery log for a fresh subscription', async () => {
    const mine = (await t.request('GET', BASE)).json.data[0];
    const res = await t.request('GET', `${BASE}/${mine.id}/deliveries`);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([]);
  });

  it('needs an api key', async () => {
    const res = await t.app.inject({ method: 'GET', url: BASE });
    expect(res.statusCode).toBe(401);
  });
});
