import { z } from 'zod';
import { nftMetadataEnv } from './egress-env';
import { chainEnv, evmChainsEnv } from './evm-chains-env';
import { planLimitsEnv } from './plan-limits-env';
import { priceEnv } from './price-env';
import { serverEnv } from './server-env';
import { storeEnv } from './store-env';
import { chainSwapEnv, swapEnv } from './swap-env';
import { tronEnv } from './tron-env';
import { webhookEnv } from './webhook-env';

/** One section of the configuration: its variables, named `<prefix><KEY>` (per-chain ones `<CHAIN>_KEY`). */
export interface ConfigSection {
  readonly title: string;
  readonly prefix: string;
  readonly variables: z.ZodObject;
}

/** Every variable the process reads, by section, in the order the README's table lists them. */
export const CONFIG_SECTIONS: readonly ConfigSection[] = [
  { title: 'Server', prefix: '', variables: serverEnv },
  { title: 'Databases', prefix: '', variables: storeEnv },
  { title: 'Chains', prefix: '', variables: evmChainsEnv },
  { title: 'Chains', prefix: '<CHAIN>_', variables: chainEnv },
  { title: 'Tron', prefix: '', variables: tronEnv },
  { title: 'Webhooks', prefix: '', variables: webhookEnv },
  { title: 'NFT metadata', prefix: '', variables: nftMetadataEnv },
  { title: 'Prices', prefix: '', variables: priceEnv },
  { title: 'Swaps', prefix: '', variables: swapEnv },
  { title: 'Swaps', prefix: '<CHAIN>_', variables: chainSwapEnv },
  { title: 'Limits per API key', prefix: '', variables: planLimitsEnv },
];

/**
 * The variables with fixed names, parsed in one pass; the ones whose reading depends on others
 * (`<CHAIN>_*` after EVM_CHAINS, TRON_* after TRON_RPC_URL, swaps per configured chain) are parsed after it.
 */
export const appEnv = z.object({
  ...serverEnv.shape,
  ...storeEnv.shape,
  ...evmChainsEnv.shape,
  ...webhookEnv.shape,
  ...nftMetadataEnv.shape,
  ...priceEnv.shape,
  ...planLimitsEnv.shape,
});

export type AppEnv = z.output<typeof appEnv>;
