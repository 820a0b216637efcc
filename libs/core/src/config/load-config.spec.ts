import { ConfigError } from './config-error';
import { loadConfig } from './load-config';

const families = new Map([
  ['ethereum', 'Ethereum'],
  ['polygon', 'Ethereum'],
  ['base', 'Ethereum'],
  ['tron', 'Tron'],
]);

const load = (env: Record<string, string>) => loadConfig(env, { chainFamilies: families, cwd: '/srv/app' });

/** The issues of the ConfigError that `env` raises, as `VARIABLE: message` lines. */
function issuesOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map((i) => `${i.variable}: ${i.message}`);
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(load({})).toEqual({
      port: 3000,
      dataDir: '/srv/app/.data',
      databaseUrl: undefined,
      eventStoreUrl: undefined,
      devApiKey: undefined,
      roles: ['api', 'indexer', 'projector', 'dispatcher'],
      logLevel: 'info',
      chains: [{ id: 'ethereum', rpcUrl: undefined, startBlock: undefined, finalityDepth: undefined }],
    });
  });

  it('treats empty strings as unset', () => {
    expect(load({ PORT: '', ETHEREUM_RPC_URL: ' ', ROLES: '' }).port).toBe(3000);
  });

  it('reads every variable', () => {
    const config = load({
      PORT: '8080',
      DATA_DIR: '/var/lib/wallet',
      DATABASE_URL: 'postgres://u:p@db:5432/wallet',
      EVENT_STORE_URL: 'kurrentdb://es:2113?tls=false',
      DEV_API_KEY: 'dev-key-0123456789abcdef',
      ETHEREUM_RPC_URL: 'https://rpc.example',
      ETHEREUM_START_BLOCK: '9007199254740992',
      ETHEREUM_FINALITY_DEPTH: '12',
      ROLES: 'api, projector,api',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/wallet',
      databaseUrl: 'postgres://u:p@db:5432/wallet',
      eventStoreUrl: 'kurrentdb://es:2113?tls=false',
      devApiKey: 'dev-key-0123456789abcdef',
      roles: ['api', 'projector'],
      logLevel: 'debug',
      chains: [{ id: 'ethereum', rpcUrl: 'https://rpc.example', startBlock: 2n ** 53n, finalityDepth: 12 }],
    });
  });

  it.each([
    ['-1', 'must be a non-negative integer'],
    ['1.5', 'must be a non-negative integer'],
    ['abc', 'must be a non-negative integer'],
    ['9007199254740993', 'must be at most 2^53'],
    ['1e3', 'must be a non-negative integer'],
  ])('rejects ETHEREUM_START_BLOCK=%s', (value, message) => {
    expect(issuesOf({ ETHEREUM_START_BLOCK: value })).toEqual([
      expect.stringContaining(`ETHEREUM_START_BLOCK: ${message}`),
    ]);
  });

  it('accepts ETHEREUM_START_BLOCK=0', () => {
    expect(load({ ETHEREUM_START_BLOCK: '0' }).chains[0]!.startBlock).toBe(0n);
  });

  it('rejects a negative finality depth', () => {
    expect(issuesOf({ ETHEREUM_FINALITY_DEPTH: '-3' })).toEqual([
      expect.stringMatching(/^ETHEREUM_FINALITY_DEPTH: /),
    ]);
  });

  it('rejects an unknown role and an empty role list', () => {
    expect(issuesOf({ ROLES: 'api,web' })).toEqual([expect.stringContaining('ROLES: unknown role "web"')]);
    expect(issuesOf({ ROLES: ' , ' })).toEqual([expect.stringContaining('ROLES: must name at least one')]);
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', 'http'],
    ['LOG_LEVEL', 'verbose'],
    ['DATABASE_URL', 'mysql://db/x'],
    ['EVENT_STORE_URL', 'redis://x'],
    ['ETHEREUM_RPC_URL', 'not a url'],
    ['DEV_API_KEY', 'short'],
  ])('rejects %s=%s naming the variable', (variable, value) => {
    expect(issuesOf({ [variable]: value })).toEqual([expect.stringMatching(new RegExp(`^${variable}: `))]);
  });

  it('reports every bad variable at once', () => {
    expect(issuesOf({ PORT: 'x', LOG_LEVEL: 'loud' }).map((l) => l.split(':')[0])).toEqual([
      'PORT',
      'LOG_LEVEL',
    ]);
  });

  it('configures extra EVM chains from their own variables', () => {
    const config = load({
      EVM_CHAINS: 'polygon, Base,polygon',
      POLYGON_RPC_URL: 'https://polygon.example',
      POLYGON_START_BLOCK: '100',
      BASE_RPC_URL: 'wss://base.example',
      BASE_FINALITY_DEPTH: '64',
    });
    expect(config.chains.map((c) => c.id)).toEqual(['ethereum', 'polygon', 'base']);
    expect(config.chains[1]).toEqual({
      id: 'polygon',
      rpcUrl: 'https://polygon.example',
      startBlock: 100n,
      finalityDepth: undefined,
    });
    expect(config.chains[2]).toMatchObject({ rpcUrl: 'wss://base.example', finalityDepth: 64 });
  });

  it('rejects an unknown registry id, a non-EVM chain and a missing chain RPC URL', () => {
    expect(issuesOf({ EVM_CHAINS: 'dogecoinz' })).toEqual([
      'EVM_CHAINS: unknown registry chain id "dogecoinz"',
    ]);
    expect(issuesOf({ EVM_CHAINS: 'tron', TRON_RPC_URL: 'https://t' })).toEqual([
      'EVM_CHAINS: tron is not an EVM chain (family Tron)',
    ]);
    expect(issuesOf({ EVM_CHAINS: 'polygon' })).toEqual([
      'POLYGON_RPC_URL: required because EVM_CHAINS lists polygon',
    ]);
    expect(issuesOf({ EVM_CHAINS: 'base', BASE_RPC_URL: 'https://b', BASE_START_BLOCK: '-5' })).toEqual([
      expect.stringContaining('BASE_START_BLOCK: must be a non-negative integer'),
    ]);
  });

  it('validates EVM_CHAINS against the real registry file by default', () => {
    expect(() => loadConfig({ EVM_CHAINS: 'polygon', POLYGON_RPC_URL: 'https://p' })).not.toThrow();
    expect(() => loadConfig({ EVM_CHAINS: 'bitcoin' })).toThrow(/bitcoin is not an EVM chain/);
  });

  it('formats a message naming the variable', () => {
    expect(() => load({ ETHEREUM_START_BLOCK: '-1' })).toThrow(
      /^Invalid configuration:\n {2}ETHEREUM_START_BLOCK: /,
    );
  });
});
