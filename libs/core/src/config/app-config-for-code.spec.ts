import { appConfigForCode } from './app-config-for-code';
import { DEFAULT_EVM_CHAIN_SETTINGS } from './evm-chains-env';
import { loadConfig } from './load-config';
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

  it("gives chains and the Tron node named in code the schema's defaults for what they leave out", () => {
    const loaded = loadConfig(
      { TRON_RPC_URL: 'https://t' },
      { families: { byChain: new Map(), evm: '' }, cwd: '/tmp/x' },
    );
    const config = appConfigForCode({
      dataDir: '/tmp/x',
      chains: [
        { id: 'ethereum', rpcUrl: 'http://node' },
        { id: 'base', finalityDepth: 64 },
      ],
      tron: { id: 'tron', rpcUrl: 'https://t' },
    });
    expect(config.chains).toEqual([
      {
        id: 'ethereum',
        rpcUrl: 'http://node',
        finalityDepth: loaded.chains[0].finalityDepth,
        rpcBatchSize: loaded.chains[0].rpcBatchSize,
        rpcCallsInFlight: loaded.chains[0].rpcCallsInFlight,
      },
      { id: 'base', ...DEFAULT_EVM_CHAIN_SETTINGS, finalityDepth: 64 },
    ]);
    expect(config.tron).toEqual(loaded.tron);
  });
});
