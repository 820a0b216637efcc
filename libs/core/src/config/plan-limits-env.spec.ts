import { ConfigError } from './config-error';
import { loadConfig } from './load-config';

const families = new Map([['ethereum', 'Ethereum']]);
const load = (env: Record<string, string>) =>
  loadConfig(env, { families: { byChain: families, evm: 'Ethereum' }, cwd: '/srv/app' });

function issuesOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map((i) => `${i.variable}: ${i.message}`);
  }
  throw new Error('expected a ConfigError');
}

describe('plan limits configuration', () => {
  it('reads the window, the per-plan budgets and the subscription caps, 0 meaning unlimited', () => {
    expect(
      load({
        RATE_LIMIT_WINDOW_SECONDS: '10',
        RATE_LIMIT_FREE: '20',
        RATE_LIMIT_PRO: ' 200 ',
        RATE_LIMIT_ENTERPRISE: '0',
        SUBSCRIPTIONS_PER_KEY_FREE: '2',
        SUBSCRIPTIONS_PER_KEY_PRO: '',
        SUBSCRIPTIONS_PER_KEY_ENTERPRISE: '0',
      }).planLimits,
    ).toEqual({
      windowSeconds: 10,
      requests: { free: 20, pro: 200, enterprise: 0 },
      subscriptionsPerKey: { free: 2, pro: 1_000, enterprise: 0 },
    });
  });

  it.each([
    ['RATE_LIMIT_WINDOW_SECONDS', '0'],
    ['RATE_LIMIT_WINDOW_SECONDS', '86401'],
    ['RATE_LIMIT_FREE', '-1'],
    ['RATE_LIMIT_PRO', '1.5'],
    ['RATE_LIMIT_ENTERPRISE', '1000000001'],
    ['SUBSCRIPTIONS_PER_KEY_FREE', 'ten'],
  ])('rejects %s=%s naming the variable', (variable, value) => {
    expect(issuesOf({ [variable]: value })).toEqual([expect.stringMatching(new RegExp(`^${variable}: `))]);
  });
});
