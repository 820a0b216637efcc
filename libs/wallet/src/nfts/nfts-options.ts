import type { ChainNode } from '@chainwire/chains';

/** The NFT routes' settings (docs/architecture.md §11). */
export interface NftsModuleOptions {
  /** Chains whose nodes the routes read (tokenURI, uri, name, symbol); others answer UNSUPPORTED_CHAIN. */
  readonly chains: readonly ChainNode[];
  /** Metadata hosts may be loopback / private addresses (NFT_METADATA_ALLOW_PRIVATE_TARGETS; refused by default). */
  readonly allowPrivateTargets: boolean;
  /** Documents fetched at once for one API key, and in all (NFT_METADATA_MAX_FETCHES_PER_KEY, _MAX_FETCHES). */
  readonly maxFetchesPerKey: number;
  readonly maxFetches: number;
  /** `host[:port]` of the DNS servers metadata hosts are resolved with (c-ares); empty or absent: the system's. */
  readonly dnsServers?: readonly string[];
  /** Per-try timeout of a DNS query; default the resolver's 2.5 s (two tries). Tests shorten it. */
  readonly dnsTimeoutMs?: number;
  /** Where ipfs:// URIs are fetched (IPFS_GATEWAY_URL, ending with a slash). */
  readonly ipfsGatewayUrl: string;
  /** Defaults: 10 s and 1 MiB per metadata document (the caps); tests shorten the timeout. */
  readonly metadataTimeoutMs?: number;
  readonly metadataMaxBytes?: number;
}

export const NFTS_OPTIONS = Symbol('NftsModuleOptions');
export const DEFAULT_METADATA_TIMEOUT_MS = 10_000;
export const DEFAULT_METADATA_MAX_BYTES = 1024 * 1024;
