/** The NFT routes' settings (docs/architecture.md §11). */
export interface NftsModuleOptions {
  /** Chains whose nodes the routes read (tokenURI, uri, name, symbol); others answer UNSUPPORTED_CHAIN. */
  readonly chains: readonly { readonly id: string; readonly rpcUrl?: string }[];
  /** The webhook egress setting (WEBHOOK_ALLOW_PRIVATE_TARGETS): metadata hosts obey the same rule. */
  readonly allowPrivateTargets: boolean;
  /** Where ipfs:// URIs are fetched (IPFS_GATEWAY_URL, ending with a slash); default DEFAULT_IPFS_GATEWAY_URL. */
  readonly ipfsGatewayUrl?: string;
  /** Defaults: 10 s and 1 MiB per metadata document (the caps); tests shorten the timeout. */
  readonly metadataTimeoutMs?: number;
  readonly metadataMaxBytes?: number;
}

export const NFTS_OPTIONS = Symbol('NftsModuleOptions');
export const DEFAULT_METADATA_TIMEOUT_MS = 10_000;
export const DEFAULT_METADATA_MAX_BYTES = 1024 * 1024;
