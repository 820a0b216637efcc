import { appConfigForCode } from './app-config-for-code';
import { NO_PLAN_LIMITS } from './plan-limits-env';
import { DEFAULT_WEBHOOK_SETTINGS } from './webhook-env';

describe('appConfigForCode', () => {
  it('is the schema defaults under the overrides, without a metrics listener or plan limits', () => {
    const config = appConfigForCode({ dataDir: '/tmp/x', port: 0 });
    expect(config).toMatchObject({
      port: 0,
      dataDir: '/tmp/x',
      metricsPort: undefined,
      eventStoreMaxAppendBytes: 900_000,
    });
    expect(config.planLimits).toBe(NO_PLAN_LIMITS);
    expect(config.webhooks).toEqual(DEFAULT_WEBHOOK_SETTINGS);
  });

  it('seals webhook secrets with a key of its own on a shared database, unless webhook settings are given', () => {
    expect(
      appConfigForCode({ dataDir: '/tmp/x', databaseUrl: 'postgres://db/x' }).webhooks.secretKey,
    ).toHaveLength(32);
    const webhooks = { ...DEFAULT_WEBHOOK_SETTINGS, httpsOnly: true };
    expect(appConfigForCode({ dataDir: '/tmp/x', databaseUrl: 'postgres://db/x', webhooks }).webhooks).toBe(
      webhooks,
    );
  });
});
