import { ConfigError } from './config-error';
import { loadConfig } from './load-config';

const load = (env: Record<string, string>) =>
  loadConfig(env, { families: { byChain: new Map(), evm: 'Ethereum' }, cwd: '/srv/app' });

describe('EVENT_STORE_MAX_APPEND_BYTES', () => {
  it('is 900000 unless set, and parsed as a number when set', () => {
    expect(load({}).eventStoreMaxAppendBytes).toBe(900_000);
    expect(load({ EVENT_STORE_MAX_APPEND_BYTES: ' ' }).eventStoreMaxAppendBytes).toBe(900_000);
    expect(load({ EVENT_STORE_MAX_APPEND_BYTES: '500000' }).eventStoreMaxAppendBytes).toBe(500_000);
    expect(load({ EVENT_STORE_MAX_APPEND_BYTES: '67108864' }).eventStoreMaxAppendBytes).toBe(
      64 * 1024 * 1024,
    );
  });

  it.each([
    ['1k', 'must be a non-negative integer'],
    ['-5', 'must be a non-negative integer'],
    ['4095', 'must be at least 4096'],
    ['67108865', 'must be at most 67108864'],
  ])('refuses %p', (value, message) => {
    let error: unknown;
    try {
      load({ EVENT_STORE_MAX_APPEND_BYTES: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.filter((i) => i.variable === 'EVENT_STORE_MAX_APPEND_BYTES');
    expect(issues).toHaveLength(1);
    expect(issues[0].message).toContain(message);
  });
});
