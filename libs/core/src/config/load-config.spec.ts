import { ConfigError } from './config-error';
import { egressPolicySummary } from './egress-env';
import { loadConfig } from './load-config';

const families = new Map([
  ['ethereum', 'Ethereum'],
  ['polygon', 'Ethereum'],
  ['base', 'Ethereum'],
  ['tron', 'Tron'],
]);

const load = (env: Record<string, string>) =>
  loadConfig(env, { families: { byChain: families, evm: 'Ethereum' }, cwd: '/srv/app' });

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
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      metricsPortRequired: false,
      dataDir: '/srv/app/.data',
      databaseUrl: undefined,
      eventStoreUrl: undefined,
      eventStoreMaxAppendBytes: 900_000,
      devApiKey: undefined,
      roles: ['api', 'indexer', 'projector', 'dispatcher'],
      logLevel: 'info',
      chains: [
        {
          id: 'ethereum',
          rpcUrl: undefined,
          startBlock: undefined,
          finalityDepth: 12,
          ensRegistry: '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e',
          rpcBatchSize: 20,
          rpcCallsInFlight: 40,
        },
      ],
      webhooks: {
        secretKey: undefined,
        allowPrivateTargets: false,
        httpsOnly: false,
        maxInFlightPerKey: 32,
        maxInFlightPerHost: 64,
        dnsServers: [],
        breaker: { failureThreshold: 10, minFailureSpanMs: 60_000, cooldownMs: 600_000 },
      },
      prices: {
        ttlMs: 60_000,
        feeds: [],
        feedMaxAgeMs: 90_000_000,
        apiUrl: undefined,
        apiKey: undefined,
        apiTimeoutMs: 5_000,
        apiAllowPrivateTargets: false,
      },
      nftMetadata: { allowPrivateTargets: false, maxFetchesPerKey: 4, maxFetches: 32 },
      ipfsGatewayUrl: 'https://ipfs.io/ipfs/',
      swaps: { quoteTtlMs: 60_000, uniswapV2: [] },
      planLimits: {
        windowSeconds: 60,
        requests: { free: 300, pro: 3_000, enterprise: 60_000 },
        subscriptionsPerKey: { free: 10, pro: 1_000, enterprise: 100_000 },
      },
    });
  });

  it('reads SWAP_QUOTE_TTL_SECONDS and each chain’s Uniswap V2 router and factory (both or neither)', () => {
    const router = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
    const factory = '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f';
    expect(
      load({
        SWAP_QUOTE_TTL_SECONDS: '90',
        ETHEREUM_UNISWAP_V2_ROUTER: router,
        ETHEREUM_UNISWAP_V2_FACTORY: factory,
      }).swaps,
    ).toEqual({ quoteTtlMs: 90_000, uniswapV2: [{ chain: 'ethereum', router, factory }] });
    expect(() => load({ ETHEREUM_UNISWAP_V2_ROUTER: router })).toThrow(/ETHEREUM_UNISWAP_V2_FACTORY/);
    expect(() => load({ ETHEREUM_UNISWAP_V2_ROUTER: '0x12', ETHEREUM_UNISWAP_V2_FACTORY: factory })).toThrow(
      /ETHEREUM_UNISWAP_V2_ROUTER/,
    );
    expect(() => load({ SWAP_QUOTE_TTL_SECONDS: '0' })).toThrow(/SWAP_QUOTE_TTL_SECONDS/);
    expect(() => load({ SWAP_QUOTE_TTL_SECONDS: '3601' })).toThrow(/SWAP_QUOTE_TTL_SECONDS/);
  });

  it('serves metrics on 9464 in standalone mode, none with DATABASE_URL unless METRICS_PORT asks', () => {
    const server = { DATABASE_URL: 'postgres://db/app' };
    expect(load(server)).toMatchObject({ metricsPort: undefined, metricsPortRequired: false });
    expect(load({ ...server, METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      metricsPort: 9100,
      metricsHost: '0.0.0.0',
      metricsPortRequired: true,
    });
    expect(() => load({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });

  it('reads IPFS_GATEWAY_URL, adding the trailing slash, and refuses a non-http URL', () => {
    expect(load({ IPFS_GATEWAY_URL: 'https://gw.example/ipfs' }).ipfsGatewayUrl).toBe(
      'https://gw.example/ipfs/',
    );
    expect(load({ IPFS_GATEWAY_URL: 'http://127.0.0.1:8080/ipfs/' }).ipfsGatewayUrl).toBe(
      'http://127.0.0.1:8080/ipfs/',
    );
    expect(() => load({ IPFS_GATEWAY_URL: 'ipfs://gateway' })).toThrow(/IPFS_GATEWAY_URL/);
  });

  it('reads the Solana node (SOLANA_RPC_URL) and refuses a URL of another scheme', () => {
    expect(load({}).solana).toBeUndefined();
    expect(load({ SOLANA_RPC_URL: 'https://api.mainnet-beta.solana.com' }).solana).toEqual({
      url: 'https://api.mainnet-beta.solana.com',
    });
    expect(issuesOf({ SOLANA_RPC_URL: 'ws://node' })).toEqual([
      expect.stringMatching(/^SOLANA_RPC_URL: must be a URL with scheme http, https/),
    ]);
  });

  it('treats empty strings as unset', () => {
    expect(load({ PORT: '', ETHEREUM_RPC_URL: ' ', ROLES: '' }).port).toBe(3000);
    expect(load({ TRON_RPC_URL: '', TRON_API_KEY: '' }).tron).toBeUndefined();
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
      ETHEREUM_ENS_REGISTRY: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
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
      chains: [
        {
          id: 'ethereum',
          rpcUrl: 'https://rpc.example',
          startBlock: 2n ** 53n,
          finalityDepth: 12,
          ensRegistry: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        },
      ],
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

  it('reads the Tron node only when TRON_RPC_URL is set, and checks its variables', () => {
    expect(load({}).tron).toBeUndefined();
    expect(
      load({ TRON_RPC_URL: 'https://api.trongrid.io', TRON_API_KEY: 'k-1', TRON_START_BLOCK: '77' }).tron,
    ).toEqual({
      id: 'tron',
      rpcUrl: 'https://api.trongrid.io',
      apiKey: 'k-1',
      startBlock: 77n,
      finalityDepth: 20,
    });
    expect(issuesOf({ TRON_API_KEY: 'k' })).toEqual(['TRON_API_KEY: needs TRON_RPC_URL']);
    expect(issuesOf({ TRON_RPC_URL: 'ws://t' })).toEqual([
      'TRON_RPC_URL: must be an http or https URL (the java-tron HTTP API root)',
    ]);
  });

  it.each([
    ['20', 20],
    [' 1000 ', 1000],
    ['solidified', 'solidified'],
  ])('reads TRON_FINALITY_DEPTH=%s', (value, depth) => {
    expect(load({ TRON_RPC_URL: 'https://t', TRON_FINALITY_DEPTH: value }).tron?.finalityDepth).toBe(depth);
  });

  it.each(['0', '19', '1001', '-20', '20.5', 'Solidified', 'head'])(
    'rejects TRON_FINALITY_DEPTH=%s (below 20 a Tron reorg may reach deeper)',
    (value) => {
      expect(issuesOf({ TRON_RPC_URL: 'https://t', TRON_FINALITY_DEPTH: value })).toEqual([
        'TRON_FINALITY_DEPTH: must be an integer from 20 to 1000, or solidified',
      ]);
    },
  );

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
    ['ETHEREUM_ENS_REGISTRY', '0x1234'],
    ['ETHEREUM_STAKE_HUB', 'hub'],
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
      BASE_ENS_REGISTRY: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    });
    expect(config.chains.map((c) => c.id)).toEqual(['ethereum', 'polygon', 'base']);
    expect(config.chains[1]).toEqual({
      id: 'polygon',
      rpcUrl: 'https://polygon.example',
      startBlock: 100n,
      finalityDepth: 12,
      ensRegistry: undefined,
      stakeHub: undefined,
      rpcBatchSize: 20,
      rpcCallsInFlight: 40,
    });
    expect(config.chains[2]).toMatchObject({
      rpcUrl: 'wss://base.example',
      finalityDepth: 64,
      ensRegistry: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    });
  });

  it("reads a chain's stake hub (<CHAIN>_STAKE_HUB) and names a bad one", () => {
    const config = load({
      ETHEREUM_STAKE_HUB: '0x0000000000000000000000000000000000002002',
      EVM_CHAINS: 'polygon',
      POLYGON_RPC_URL: 'https://polygon.example',
      POLYGON_STAKE_HUB: ' 0x0000000000000000000000000000000000002002 ',
    });
    expect(config.chains.map((c) => [c.id, c.stakeHub])).toEqual([
      ['ethereum', '0x0000000000000000000000000000000000002002'],
      ['polygon', '0x0000000000000000000000000000000000002002'],
    ]);
    expect(
      issuesOf({
        EVM_CHAINS: 'polygon',
        POLYGON_RPC_URL: 'https://polygon.example',
        POLYGON_STAKE_HUB: '0x12',
      }),
    ).toEqual([expect.stringMatching(/^POLYGON_STAKE_HUB: must be a 0x-prefixed 20-byte hex address/)]);
  });

  it("reads a chain's JSON-RPC batch size and calls in flight, and names bad ones", () => {
    const config = load({
      ETHEREUM_RPC_BATCH_SIZE: '0',
      EVM_CHAINS: 'polygon',
      POLYGON_RPC_URL: 'https://polygon.example',
      POLYGON_RPC_BATCH_SIZE: ' 5 ',
      POLYGON_RPC_CALLS_IN_FLIGHT: '10',
    });
    expect(config.chains.map((c) => [c.id, c.rpcBatchSize, c.rpcCallsInFlight])).toEqual([
      ['ethereum', 0, 40],
      ['polygon', 5, 10],
    ]);
    expect(issuesOf({ ETHEREUM_RPC_CALLS_IN_FLIGHT: '0' })).toEqual([
      'ETHEREUM_RPC_CALLS_IN_FLIGHT: must be at least 1',
    ]);
    expect(
      issuesOf({
        EVM_CHAINS: 'polygon',
        POLYGON_RPC_URL: 'https://polygon.example',
        POLYGON_RPC_BATCH_SIZE: '1001',
        POLYGON_RPC_CALLS_IN_FLIGHT: 'many',
      }),
    ).toEqual([
      'POLYGON_RPC_BATCH_SIZE: must be at most 1000',
      expect.stringMatching(/^POLYGON_RPC_CALLS_IN_FLIGHT: must be a non-negative integer/),
    ]);
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

  it('formats a message naming the variable', () => {
    expect(() => load({ ETHEREUM_START_BLOCK: '-1' })).toThrow(
      /^Invalid configuration:\n {2}ETHEREUM_START_BLOCK: /,
    );
  });

  describe('price settings', () => {
    it('reads the feeds, the cache time to live and the HTTP provider', () => {
      const config = load({
        EVM_CHAINS: 'polygon',
        POLYGON_RPC_URL: 'http://polygon.local',
        PRICE_FEEDS:
          ' eth/usd=ethereum:0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419, dUSDT/USD=polygon:0x00000000000000000000000000000000000000aA ,',
        PRICE_TTL_SECONDS: '30',
        PRICE_FEED_MAX_AGE_SECONDS: '3600',
        PRICE_API_URL: 'https://api.coingecko.com/api/v3/',
        PRICE_API_KEY: 'CG-key',
        PRICE_API_TIMEOUT_MS: '2500',
      });
      expect(config.prices).toEqual({
        ttlMs: 30_000,
        feeds: [
          {
            symbol: 'ETH',
            base: 'USD',
            chain: 'ethereum',
            address: '0x5f4ec3df9cbd43714fe2740f5e3616155c5b8419',
          },
          {
            symbol: 'DUSDT',
            base: 'USD',
            chain: 'polygon',
            address: '0x00000000000000000000000000000000000000aa',
          },
        ],
        feedMaxAgeMs: 3_600_000,
        apiUrl: 'https://api.coingecko.com/api/v3',
        apiKey: 'CG-key',
        apiTimeoutMs: 2_500,
        apiAllowPrivateTargets: false,
      });
    });

    it.each([
      [{ PRICE_TTL_SECONDS: '0' }, 'PRICE_TTL_SECONDS'],
      [{ PRICE_TTL_SECONDS: '1.5' }, 'PRICE_TTL_SECONDS'],
      [{ PRICE_TTL_SECONDS: '86401' }, 'PRICE_TTL_SECONDS'],
      [{ PRICE_FEEDS: 'ETH=ethereum:0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419' }, 'PRICE_FEEDS'],
      [{ PRICE_FEEDS: 'ETH/USD=ethereum:0x5f4e' }, 'PRICE_FEEDS'],
      [
        {
          PRICE_FEEDS:
            'ETH/USD=ethereum:0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419,eth/usd=ethereum:0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419',
        },
        'PRICE_FEEDS',
      ],
      [{ PRICE_FEEDS: 'ETH/USD=polygon:0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419' }, 'PRICE_FEEDS'],
      [{ PRICE_API_URL: 'ftp://prices.example' }, 'PRICE_API_URL'],
      [{ PRICE_API_TIMEOUT_MS: '0' }, 'PRICE_API_TIMEOUT_MS'],
    ])('refuses %j', (env, variable) => {
      expect(issuesOf(env).map((l) => l.split(':')[0])).toEqual([variable]);
    });
  });

  describe('webhook settings', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => i));

    it('refuses private targets by default in every mode, standalone included', () => {
      expect(load({}).webhooks?.allowPrivateTargets).toBe(false);
      expect(load({ DATABASE_URL: 'postgres://db/x' }).webhooks?.allowPrivateTargets).toBe(false);
      expect(
        load({ DATABASE_URL: 'postgres://db/x', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).webhooks
          ?.allowPrivateTargets,
      ).toBe(true);
      expect(load({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'FALSE' }).webhooks?.allowPrivateTargets).toBe(false);
    });

    it('reads the key as base64, base64url or hex, and the breaker in seconds', () => {
      for (const encoded of [key.toString('base64'), key.toString('base64url'), key.toString('hex')]) {
        expect(load({ WEBHOOK_SECRET_KEY: ` ${encoded}\n` }).webhooks?.secretKey).toEqual(key);
      }
      expect(
        load({
          WEBHOOK_HTTPS_ONLY: '1',
          WEBHOOK_BREAKER_FAILURES: '3',
          WEBHOOK_BREAKER_MIN_SPAN_SECONDS: '0',
          WEBHOOK_BREAKER_COOLDOWN_SECONDS: '30',
        }).webhooks,
      ).toMatchObject({
        httpsOnly: true,
        breaker: { failureThreshold: 3, minFailureSpanMs: 0, cooldownMs: 30_000 },
      });
    });

    it('reads the egress bounds and DNS servers, with documented defaults', () => {
      expect(load({}).webhooks).toMatchObject({
        maxInFlightPerKey: 32,
        maxInFlightPerHost: 64,
        dnsServers: [],
      });
      expect(
        load({
          WEBHOOK_MAX_IN_FLIGHT_PER_KEY: '8',
          WEBHOOK_MAX_IN_FLIGHT_PER_HOST: '4',
          WEBHOOK_DNS_SERVERS: ' 10.0.0.2, 10.0.0.3:5353 ,[2001:db8::1]:53,2001:db8::2',
        }).webhooks,
      ).toMatchObject({
        maxInFlightPerKey: 8,
        maxInFlightPerHost: 4,
        dnsServers: ['10.0.0.2', '10.0.0.3:5353', '[2001:db8::1]:53', '2001:db8::2'],
      });
    });

    it.each([
      ['WEBHOOK_MAX_IN_FLIGHT_PER_KEY', '0'],
      ['WEBHOOK_MAX_IN_FLIGHT_PER_KEY', '33'],
      ['WEBHOOK_MAX_IN_FLIGHT_PER_HOST', 'many'],
      ['WEBHOOK_DNS_SERVERS', 'dns.example.com'],
      ['WEBHOOK_DNS_SERVERS', '10.0.0.2:70000'],
      ['WEBHOOK_SECRET_KEY', Buffer.alloc(16).toString('base64')],
      ['WEBHOOK_SECRET_KEY', 'not base64 at all!'],
      ['WEBHOOK_SECRET_KEY', 'ab'.repeat(33)],
      ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'yes'],
      ['WEBHOOK_HTTPS_ONLY', 'on'],
      ['WEBHOOK_BREAKER_FAILURES', '0'],
      ['WEBHOOK_BREAKER_FAILURES', '2.5'],
      ['WEBHOOK_BREAKER_MIN_SPAN_SECONDS', '-1'],
      ['WEBHOOK_BREAKER_COOLDOWN_SECONDS', '10m'],
      ['WEBHOOK_BREAKER_COOLDOWN_SECONDS', '99999999'],
    ])('rejects %s=%s naming the variable', (variable, value) => {
      expect(issuesOf({ [variable]: value })).toEqual([expect.stringMatching(new RegExp(`^${variable}: `))]);
    });

    it('never echoes a rejected key', () => {
      const almost = Buffer.alloc(31, 7).toString('base64');
      expect(issuesOf({ WEBHOOK_SECRET_KEY: almost }).join('\n')).not.toContain(almost);
    });
  });

  describe('egress settings per kind', () => {
    it('refuses private targets for NFT metadata and the price API unless their own variable allows them', () => {
      const envs: Record<string, string>[] = [
        {},
        { DATABASE_URL: 'postgres://db/x' },
        { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      ];
      for (const env of envs) {
        const config = load(env);
        expect(config.nftMetadata?.allowPrivateTargets).toBe(false);
        expect(config.prices?.apiAllowPrivateTargets).toBe(false);
      }
      const nft = load({ NFT_METADATA_ALLOW_PRIVATE_TARGETS: 'true' });
      expect(nft.webhooks?.allowPrivateTargets).toBe(false);
      expect(nft.nftMetadata?.allowPrivateTargets).toBe(true);
      expect(nft.prices?.apiAllowPrivateTargets).toBe(false);
      const price = load({ PRICE_API_ALLOW_PRIVATE_TARGETS: '1' });
      expect(price.nftMetadata?.allowPrivateTargets).toBe(false);
      expect(price.prices?.apiAllowPrivateTargets).toBe(true);
    });

    it('reads the NFT metadata fetch caps, with documented defaults', () => {
      expect(load({}).nftMetadata).toMatchObject({ maxFetchesPerKey: 4, maxFetches: 32 });
      expect(
        load({ NFT_METADATA_MAX_FETCHES_PER_KEY: '2', NFT_METADATA_MAX_FETCHES: '10' }).nftMetadata,
      ).toMatchObject({ maxFetchesPerKey: 2, maxFetches: 10 });
    });

    it.each([
      ['NFT_METADATA_ALLOW_PRIVATE_TARGETS', 'yes'],
      ['PRICE_API_ALLOW_PRIVATE_TARGETS', 'on'],
      ['NFT_METADATA_MAX_FETCHES_PER_KEY', '0'],
      ['NFT_METADATA_MAX_FETCHES', 'many'],
    ])('rejects %s=%s naming the variable', (variable, value) => {
      expect(issuesOf({ [variable]: value })).toEqual([expect.stringMatching(new RegExp(`^${variable}: `))]);
    });

    it('states at boot what each egress kind may reach', () => {
      expect(egressPolicySummary({ webhooks: false, nftMetadata: true, priceApi: false })).toBe(
        'egress to private targets (loopback, private, link-local, …): webhooks refused, NFT metadata allowed, ' +
          'price API refused',
      );
    });
  });
});
