import type { LogLevel } from '../logging/logger';
import type { PlanLimitSettings } from './plan-limits-env';
import type { SwapSettings } from './swap-env';
import type { TronSettings } from './tron-env';

export const ROLES = ['api', 'indexer', 'projector', 'dispatcher'] as const;
export type Role = (typeof ROLES)[number];

/** One EVM chain to index. Without `rpcUrl` (only possible for ethereum) the server spawns a dev chain. */
export interface EvmChainConfig {
  /** Registry id, e.g. 'ethereum', 'polygon'. */
  readonly id: string;
  readonly rpcUrl?: string;
  /** First block to index; at most 2^53 so that every JSON-RPC client represents it exactly. */
  readonly startBlock?: bigint;
  /** Blocks behind the head treated as final; the indexer's default when absent. */
  readonly finalityDepth?: number;
  /**
   * The ENS registry names are read from (`<ID>_ENS_REGISTRY`); for ethereum the mainnet registry by
   * default, for other chains none (no names served).
   */
  readonly ensRegistry?: `0x${string}`;
  /**
   * A BSC-StakeHub-compatible contract (`<ID>_STAKE_HUB`): its Delegated / Undelegated / Claimed logs are
   * indexed as stake operations and the chain serves staking (docs/architecture.md §13). None: no staking.
   */
  readonly stakeHub?: `0x${string}`;
  /**
   * JSON-RPC calls per HTTP request to this chain's node (`<ID>_RPC_BATCH_SIZE`; 0: no batches). Absent:
   * the clients' default (20). For providers that limit or meter batches.
   */
  readonly rpcBatchSize?: number;
  /** Calls the indexer keeps in flight per kind of bulk read (`<ID>_RPC_CALLS_IN_FLIGHT`); absent: 40. */
  readonly rpcCallsInFlight?: number;
}

/** The ENS registry of Ethereum mainnet (and its testnets): ETHEREUM_ENS_REGISTRY's default. */
export const MAINNET_ENS_REGISTRY = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e';

/**
 * Webhook delivery settings (docs/architecture.md §8). The circuit breaker pauses a subscription when its endpoint failed
 * `breaker.failureThreshold` attempts in a row over at least `breaker.minFailureSpanMs`, and resumes it
 * after `breaker.cooldownMs`.
 */
export interface WebhookSettings {
  /**
   * 32-byte key sealing signing secrets at rest (WEBHOOK_SECRET_KEY). Absent in standalone mode: the server
   * generates one once into DATA_DIR. Absent with DATABASE_URL: the server refuses to boot the api and
   * dispatcher roles, since processes sharing a database must share the key.
   */
  readonly secretKey?: Buffer;
  /** Deliver to loopback, private and other internal targets (WEBHOOK_ALLOW_PRIVATE_TARGETS; false in every mode by default). */
  readonly allowPrivateTargets: boolean;
  readonly httpsOnly: boolean;
  /**
   * Egress fairness (docs/architecture.md §8): attempts one dispatcher keeps in flight at most for one API
   * key and for one target host, so one tenant's slow or dead endpoints leave capacity to the others.
   */
  readonly maxInFlightPerKey: number;
  readonly maxInFlightPerHost: number;
  /** `host[:port]` of the DNS servers webhook hosts are resolved with; empty: the system's (resolv.conf). */
  readonly dnsServers: readonly string[];
  readonly breaker: {
    readonly failureThreshold: number;
    readonly minFailureSpanMs: number;
    readonly cooldownMs: number;
  };
}

/** One Chainlink AggregatorV3 feed (PRICE_FEEDS): `symbol` priced in `base`, both upper-case. */
export interface PriceFeedConfig {
  readonly symbol: string;
  readonly base: string;
  /** Registry id of a configured EVM chain. */
  readonly chain: string;
  /** Lower-case. */
  readonly address: `0x${string}`;
}

/** Prices (docs/architecture.md §12): the cache's time to live and the sources, Chainlink feeds first. */
export interface PriceSettings {
  /** A cached price older than this is refreshed before it is answered. */
  readonly ttlMs: number;
  readonly feeds: readonly PriceFeedConfig[];
  /** A feed answer updated longer ago than this is refused as stale. */
  readonly feedMaxAgeMs: number;
  /** Base URL of a CoinGecko-compatible API (`<url>/simple/price`); absent: no HTTP source. */
  readonly apiUrl?: string;
  readonly apiKey?: string;
  readonly apiTimeoutMs: number;
  /** The HTTP provider may resolve to loopback / private addresses (PRICE_API_ALLOW_PRIVATE_TARGETS); absent: refused. */
  readonly apiAllowPrivateTargets?: boolean;
}

/**
 * NFT metadata fetches (docs/architecture.md §11): whether tokenURIs may reach loopback / private addresses,
 * and how many documents one API process fetches at once for one API key and in all.
 */
export interface NftMetadataSettings {
  readonly allowPrivateTargets: boolean;
  readonly maxFetchesPerKey: number;
  readonly maxFetches: number;
}

/** The validated process configuration (see `loadConfig` for the variables and their rules). */
export interface AppConfig {
  readonly port: number;
  /**
   * A process without the api role serves GET /health/live and /health/ready on this port (all
   * interfaces); absent: it serves none. With the api role the probes are on `port`.
   */
  readonly healthPort?: number;
  /**
   * GET /metrics (Prometheus) on this port, on `metricsHost`; absent: no metrics listener. loadConfig's
   * default: 9464 in standalone mode (no DATABASE_URL), off with DATABASE_URL unless METRICS_PORT is set.
   */
  readonly metricsPort?: number;
  /** Default 127.0.0.1: the metrics carry no key, so they stay on loopback unless bound wider on purpose. */
  readonly metricsHost?: string;
  /** True when METRICS_PORT was set: a port in use then fails the boot instead of turning metrics off. */
  readonly metricsPortRequired?: boolean;
  /** Absolute path. */
  readonly dataDir: string;
  /** Absent: embedded PGlite under dataDir. */
  readonly databaseUrl?: string;
  /** Absent: the PostgreSQL event store in the main database. */
  readonly eventStoreUrl?: string;
  /** EVENT_STORE_MAX_APPEND_BYTES. Absent: the indexers' default (DEFAULT_MAX_APPEND_BYTES, 900000). */
  readonly eventStoreMaxAppendBytes?: number;
  /** Ensured at boot on the top plan; in standalone mode generated into dataDir when absent. */
  readonly devApiKey?: string;
  readonly roles: readonly Role[];
  readonly logLevel: LogLevel;
  /** ethereum first, then EVM_CHAINS in the order given. */
  readonly chains: readonly EvmChainConfig[];
  /**
   * Always set by loadConfig. Absent (configs built by hand: tests, embedding): the defaults, with the key
   * generated into dataDir as in standalone mode.
   */
  readonly webhooks?: WebhookSettings;
  /** Always set by loadConfig; absent: DEFAULT_PRICE_SETTINGS. */
  readonly prices?: PriceSettings;
  /** Always set by loadConfig; absent: DEFAULT_NFT_METADATA_SETTINGS (private targets refused). */
  readonly nftMetadata?: NftMetadataSettings;
  /** SOLANA_RPC_URL: the Solana node (JSON-RPC over HTTP); absent: chain `solana` answers UNSUPPORTED_CHAIN. */
  readonly solana?: { readonly url: string };
  /** Gateway prefix (ending in '/') for ipfs:// NFT metadata; absent: DEFAULT_IPFS_GATEWAY_URL. */
  readonly ipfsGatewayUrl?: string;
  /** Always set by loadConfig; absent: DEFAULT_SWAP_SETTINGS. */
  readonly swaps?: SwapSettings;
  /**
   * The Tron node (TRON_RPC_URL, TRON_API_KEY: TronGrid's `TRON-PRO-API-KEY`, …); absent: Tron is neither
   * indexed nor read, and chain `tron` answers UNSUPPORTED_CHAIN on the live routes (docs/architecture.md §15).
   */
  readonly tron?: TronSettings;
  /**
   * Per-key request budgets and subscription caps by plan (RATE_LIMIT_*, SUBSCRIPTIONS_PER_KEY_*). Always
   * set by loadConfig; absent (configs built by hand: tests, benches): no limits.
   */
  readonly planLimits?: PlanLimitSettings;
}
