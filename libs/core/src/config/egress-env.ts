import { z } from 'zod';
import { envFlag } from './env-flag';
import type { NftMetadataSettings } from './app-config';

/** Documented defaults of the NFT metadata fetch caps (per API process, docs/architecture.md §11). */
export const DEFAULT_NFT_METADATA_FETCHES_PER_KEY = 4;
export const DEFAULT_NFT_METADATA_FETCHES = 32;

const fetchCap = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,3}$/, {
    error: (i) => `must be an integer from 1 to 9999 (got ${JSON.stringify(i.input)})`,
  })
  .transform(Number);

/**
 * The per-kind egress variables besides the webhook ones (each optional; empty counts as unset, see
 * baseEnvSchema). Private targets are refused for every kind unless its own variable allows them, in
 * every mode (docs/architecture.md §8).
 */
export const egressEnvShape = {
  NFT_METADATA_ALLOW_PRIVATE_TARGETS: envFlag,
  PRICE_API_ALLOW_PRIVATE_TARGETS: envFlag,
  NFT_METADATA_MAX_FETCHES_PER_KEY: fetchCap,
  NFT_METADATA_MAX_FETCHES: fetchCap,
} as const;

export interface EgressEnv {
  NFT_METADATA_ALLOW_PRIVATE_TARGETS?: boolean;
  PRICE_API_ALLOW_PRIVATE_TARGETS?: boolean;
  NFT_METADATA_MAX_FETCHES_PER_KEY?: number;
  NFT_METADATA_MAX_FETCHES?: number;
}

export function nftMetadataSettings(vars: EgressEnv): NftMetadataSettings {
  return {
    allowPrivateTargets: vars.NFT_METADATA_ALLOW_PRIVATE_TARGETS ?? false,
    maxFetchesPerKey: vars.NFT_METADATA_MAX_FETCHES_PER_KEY ?? DEFAULT_NFT_METADATA_FETCHES_PER_KEY,
    maxFetches: vars.NFT_METADATA_MAX_FETCHES ?? DEFAULT_NFT_METADATA_FETCHES,
  };
}

/** The defaults, for configurations built by hand (tests, embedding). */
export const DEFAULT_NFT_METADATA_SETTINGS: NftMetadataSettings = Object.freeze(nftMetadataSettings({}));

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
