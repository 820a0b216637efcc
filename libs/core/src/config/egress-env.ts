import { z } from 'zod';
import { withDefault } from './env-var';
import { envFlag, positiveIntegerUpTo, urlWithScheme } from './validators';

/**
 * NFT metadata fetches (docs/architecture.md §11): whether tokenURIs may reach loopback / private addresses,
 * how many documents one API process fetches at once for one API key and in all, and the IPFS gateway.
 */
export interface NftMetadataSettings {
  readonly allowPrivateTargets: boolean;
  readonly maxFetchesPerKey: number;
  readonly maxFetches: number;
}

/**
 * NFT metadata egress. Private targets are refused for every kind of egress unless its own variable allows
 * them, in every mode (docs/architecture.md §8); the webhook and price ones are in their sections.
 */
export const nftMetadataEnv = z.object({
  IPFS_GATEWAY_URL: withDefault(
    urlWithScheme(['http', 'https']).transform((url) => (url.endsWith('/') ? url : `${url}/`)),
    'https://ipfs.io/ipfs/',
    'Gateway prefix for `ipfs://` NFT metadata URIs (http or https; a trailing `/` is added).',
  ),
  NFT_METADATA_ALLOW_PRIVATE_TARGETS: withDefault(
    envFlag,
    'false',
    'Allow NFT `tokenURI`s (and the IPFS gateway) that resolve to internal addresses; leave it off wherever tenants reach the API.',
  ),
  NFT_METADATA_MAX_FETCHES_PER_KEY: withDefault(
    positiveIntegerUpTo(9999),
    '4',
    'Metadata documents one API process fetches at once for one key (1–9999); over it an item answers with metadata `null`.',
  ),
  NFT_METADATA_MAX_FETCHES: withDefault(
    positiveIntegerUpTo(9999),
    '32',
    'Metadata documents one API process fetches at once in all (1–9999).',
  ),
});

export function nftMetadataSettings(vars: z.output<typeof nftMetadataEnv>): NftMetadataSettings {
  return {
    allowPrivateTargets: vars.NFT_METADATA_ALLOW_PRIVATE_TARGETS,
    maxFetchesPerKey: vars.NFT_METADATA_MAX_FETCHES_PER_KEY,
    maxFetches: vars.NFT_METADATA_MAX_FETCHES,
  };
}

/** The defaults, for configurations built in code (tests, embedding). */
const defaults = nftMetadataEnv.parse({});
export const DEFAULT_NFT_METADATA_SETTINGS: NftMetadataSettings = Object.freeze(
  nftMetadataSettings(defaults),
);
/** Where ipfs:// URIs of NFT metadata are fetched unless IPFS_GATEWAY_URL says otherwise. */
export const DEFAULT_IPFS_GATEWAY_URL = defaults.IPFS_GATEWAY_URL;

/** The boot log line stating, per egress kind, whether it may reach private targets. */
export function egressPolicySummary(allowed: {
  readonly webhooks: boolean;
  readonly nftMetadata: boolean;
  readonly priceApi: boolean;
}): string {
  const rule = (on: boolean) => (on ? 'allowed' : 'refused');
  return (
    'egress to private targets (loopback, private, link-local, …): ' +
    `webhooks ${rule(allowed.webhooks)}, NFT metadata ${rule(allowed.nftMetadata)}, ` +
    `price API ${rule(allowed.priceApi)}`
  );
}
