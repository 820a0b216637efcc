import { missingWebhookKeyMessage, webhookSettings } from './webhook-env';

describe('missingWebhookKeyMessage', () => {
  const key = Buffer.alloc(32, 1);

  const db = 'postgres://db/x';
  const webhooks = webhookSettings({});

  it('requires the key with a shared database for the api and dispatcher roles only', () => {
    expect(missingWebhookKeyMessage({ databaseUrl: db, roles: ['api'], webhooks })).toMatch(/DATABASE_URL/);
    expect(missingWebhookKeyMessage({ databaseUrl: db, roles: ['dispatcher'], webhooks })).not.toBeNull();
    expect(
      missingWebhookKeyMessage({ databaseUrl: db, roles: ['indexer', 'projector'], webhooks }),
    ).toBeNull();
    expect(
      missingWebhookKeyMessage({
        databaseUrl: db,
        roles: ['api'],
        webhooks: webhookSettings({ WEBHOOK_SECRET_KEY: key }),
      }),
    ).toBeNull();
  });

  it('needs nothing in standalone mode (the key is generated into DATA_DIR)', () => {
    expect(missingWebhookKeyMessage({ roles: ['api', 'dispatcher'], webhooks })).toBeNull();
  });

  it('leaves configs built by hand (no webhook settings) alone', () => {
    expect(missingWebhookKeyMessage({ databaseUrl: db, roles: ['api'] })).toBeNull();
  });
});
