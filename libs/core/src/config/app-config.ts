import type { LogLevel } from '../logging/logger';
import type { NftMetadataSettings } from './egress-env';
import type { EvmChainConfig } from './evm-chains-env';
import type { PlanLimitSettings } from './plan-limits-env';
import type { PriceSettings } from './price-env';
import type { Role } from './server-env';
import type { SwapSettings } from './swap-env';
import type { TronSettings } from './tron-env';
import type { WebhookSettings } from './webhook-env';

export { DEFAULT_EVM_CHAIN_SETTINGS, MAINNET_ENS_REGISTRY, type EvmChainConfig } from './evm-chains-env';
export { DEFAULT_EVENT_STORE_MAX_APPEND_BYTES } from './store-env';
export type { NftMetadataSettings } from './egress-env';
export type { PriceFeedConfig, PriceSettings } from './price-env';
export { ROLES, type Role } from './server-env';
export type { WebhookSettings } from './webhook-env';

/**
 * The validated process configuration: the parsed output of the schema (config-schema.ts), every
 * default applied. A field is optional only where its absence means something; users never default it.
 */
export interface AppConfig {
  readonly port: number;
  /**
   * A process without the api role serves GET /health/live and /health/ready on this port (all
   * interfaces); absent: it serves none. With the api role the probes are on `port`.
   */
  readonly healthPort?: number;
  /**
   * GET /metrics (Prometheus) on this port, on `metricsHost`; absent: no metrics listener. Default: 9464
   * in standalone mode (no DATABASE_URL), off with DATABASE_URL unless METRICS_PORT is set.
   */
  readonly metricsPort?: number;
  /** The metrics carry no key, so they stay on loopback unless bound wider on purpose. */
  readonly metricsHost: string;
  /** True when METRICS_PORT was set: a port in use then fails the boot instead of turning metrics off. */
  readonly metricsPortRequired: boolean;
  /** Absolute path. */
  readonly dataDir: string;
  /** Absent: embedded PGlite under dataDir. */
  readonly databaseUrl?: string;
  /** Absent: the PostgreSQL event store in the main database. */
  readonly eventStoreUrl?: string;
  /** Most serialised bytes per indexer append. */
  readonly eventStoreMaxAppendBytes: number;
  /** Ensured at boot on the top plan; in standalone mode generated into dataDir when absent. */
  readonly devApiKey?: string;
  readonly roles: readonly Role[];
  readonly logLevel: LogLevel;
  /** ethereum first, then EVM_CHAINS in the order given. */
  readonly chains: readonly EvmChainConfig[];
  readonly webhooks: WebhookSettings;
  readonly prices: PriceSettings;
  readonly nftMetadata: NftMetadataSettings;
  /** SOLANA_RPC_URL: the Solana node (JSON-RPC over HTTP); absent: chain `solana` answers UNSUPPORTED_CHAIN. */
  readonly solana?: { readonly url: string };
  /** Gateway prefix (ending in '/') for ipfs:// NFT metadata. */
  readonly ipfsGatewayUrl: string;
  readonly swaps: SwapSettings;
  /**
   * The Tron node (TRON_RPC_URL, TRON_API_KEY: TronGrid's `TRON-PRO-API-KEY`, …); absent: Tron is neither
   * indexed nor read, and chain `tron` answers UNSUPPORTED_CHAIN on the live routes (docs/architecture.md §15).
   */
  readonly tron?: TronSettings;
  /** Per-key request budgets and subscription caps by plan (RATE_LIMIT_*, SUBSCRIPTIONS_PER_KEY_*; 0: unlimited). */
  readonly planLimits: PlanLimitSettings;
}
