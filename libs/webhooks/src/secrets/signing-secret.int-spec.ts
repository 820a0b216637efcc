import {
  SIGNING_SECRET_PROVISIONED,
  SIGNING_SECRET_ROTATED,
  signingSecretStream,
} from './signing-secret.events';
import { startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';

const URL = '/api/notifications/signing-secret';

describe('notifications signing secret API', () => {
  let t: WebhooksTestApp;
  beforeAll(async () => (t = await startWebhooksTestApp()));
  afterAll(() => t.close());

  it('rotating before any secret exists is 404 SIGNING_SECRET_NOT_FOUND', async () => {
    const res = await t.request('POST', `${URL}/rotate`);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ ok: false, code: 'SIGNING_SECRET_NOT_FOUND' });
    const info = await t.request('GET', URL);
    expect(info.status).toBe(404);
    expect(info.json).toMatchObject({ ok: false, code: 'SIGNING_SECRET_NOT_FOUND' });
  });

  it('creates a whsec_ secret once, stores it sealed, and records only that it exists', async () => {
    const res = await t.request('POST', URL);
    expect(res.status).toBe(201);
    const secret: string = res.json.data.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const raw = Buffer.from(secret.slice(6), 'base64');
    expect(raw.length).toBeGreaterThanOrEqual(24);
    expect(raw.length).toBeLessThanOrEqual(64);

    const second = await t.request('POST', URL);
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ code: 'SIGNING_SECRET_EXISTS', data: null });
    expect(JSON.stringify(second.json)).not.toContain(secret.slice(6));

    const { rows } = await t.db.pool.query<{ sealed: Buffer; key_id: string; version: number }>(
      'SELECT sealed, key_id, version FROM webhook_signing_secrets WHERE api_key_id = $1',
      [t.keys.pro.id],
    );
    expect(rows[0].version).toBe(1);
    expect(rows[0].sealed.includes(raw)).toBe(false);
    expect(rows[0].sealed.includes(Buffer.from(secret))).toBe(false);
    expect(t.config.secretBox().open(rows[0].sealed, t.keys.pro.id, rows[0].key_id)).toBe(secret);

    const events = await t.eventStore.readStream(signingSecretStream(t.keys.pro.id));
    expect(events.map((e) => e.type)).toEqual([SIGNING_SECRET_PROVISIONED]);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(secret.slice(6, 20));
  });

  it('rotates to a new secret, 200, recorded as an event', async () => {
    const res = await t.request('POST', `${URL}/rotate`);
    expect(res.status).toBe(200);
    const secret: string = res.json.data.secret;
    const { rows } = await t.db.pool.query<{ sealed: Buffer; key_id: string; version: number }>(
      'SELECT sealed, key_id, version FROM webhook_signing_secrets WHERE api_key_id = $1',
      [t.keys.pro.id],
    );
    expect(rows[0].version).toBe(2);
    expect(t.config.secretBox().open(rows[0].sealed, t.keys.pro.id, rows[0].key_id)).toBe(secret);
    const events = await t.eventStore.readStream(signingSecretStream(t.keys.pro.id));
    expect(events.map((e) => e.type)).toEqual([SIGNING_SECRET_PROVISIONED, SIGNING_SECRET_ROTATED]);
    expect(events[1].data).toMatchObject({ apiKeyId: t.keys.pro.id, version: 2 });

    const info = await t.request('GET', URL);
    expect(info.status).toBe(200);
    expect(info.json.data).toEqual({
      version: 2,
      createdAt: expect.any(String),
      rotatedAt: expect.any(String),
    });
    expect(Date.parse(info.json.data.rotatedAt)).toBeGreaterThanOrEqual(Date.parse(info.json.data.createdAt));
    expect(JSON.stringify(info.json)).not.toContain(secret.slice(6));
  });

  it('keeps keys apart', async () => {
    expect((await t.request('POST', URL, undefined, t.keys.free.key)).status).toBe(201);
    expect((await t.request('POST', `${URL}/rotate`, undefined, t.keys.enterprise.key)).status).toBe(404);
  });
});
