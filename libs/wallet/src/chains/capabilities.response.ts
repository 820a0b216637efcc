import { z } from 'zod';
import { CHAIN_FEATURES, type ChainFeature } from '@chainwire/chains';

/** What each feature means; typed by the feature list, so a feature added there needs its line here. */
const FEATURE_DESCRIPTIONS: Record<ChainFeature, string> = {
  indexed: 'An indexer follows the chain (balances, history, webhooks)',
  prices: 'GET /api/price has a source for its assets',
  swaps: 'Swap quotes and routes',
  names: 'POST /api/names/reverse (a node and an ENS registry are configured)',
  nfts: 'NFT collections and items',
  staking: 'Staking positions and undelegate builds',
  transactions: 'Fees, prepare-sign, send and status (a node for the chain is configured)',
};

/** What this deployment serves for one chain, each derived from its configuration. */
export const chainCapabilitiesSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    ...(Object.fromEntries(
      CHAIN_FEATURES.map((feature) => [
        feature,
        z.boolean().meta({ description: FEATURE_DESCRIPTIONS[feature] }),
      ]),
    ) as Record<ChainFeature, z.ZodBoolean>),
  })
  .meta({ id: 'ChainCapabilitiesResult' });

export type ChainCapabilitiesResult = z.output<typeof chainCapabilitiesSchema>;
