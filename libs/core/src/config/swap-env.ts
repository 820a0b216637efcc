import { z } from 'zod';
import type { ConfigIssue } from './config-error';
import { envPrefix } from './env-prefix';
import { optionalVar, withDefault } from './env-var';
import { contractAddress } from './validators';

/** One chain's Uniswap V2 deployment, as `<CHAIN>_UNISWAP_V2_ROUTER` and `_FACTORY` name it. */
export interface UniswapV2Config {
  readonly chain: string;
  readonly router: `0x${string}`;
  readonly factory: `0x${string}`;
}

/** Swaps (docs/architecture.md §14). */
export interface SwapSettings {
  /** A quote's lifetime: QUOTED turns EXPIRED after it, and it is the route transaction's deadline. */
  readonly quoteTtlMs: number;
  /**
   * The routers configured explicitly. ethereum without its variables gets the dev chain's deployment
   * or, on a node of its own, mainnet's (the server decides: it knows whether it started a dev chain).
   */
  readonly uniswapV2: readonly UniswapV2Config[];
}

const ROUTER_DEFAULT =
  "ethereum: the dev chain's, or on a node of its own mainnet's router `0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D`; none elsewhere";
const FACTORY_DEFAULT =
  "ethereum: the dev chain's, or mainnet's factory `0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f`; none elsewhere";

/** SWAP_QUOTE_TTL_SECONDS. */
export const swapEnv = z.object({
  SWAP_QUOTE_TTL_SECONDS: withDefault(
    z
      .string()
      .trim()
      .regex(/^[1-9]\d*$/, { error: 'must be a whole number of seconds, 1 to 3600' })
      .transform(Number)
      .refine((n) => n <= 3600, { error: 'must be a whole number of seconds, 1 to 3600' }),
    '60',
    "A quote's lifetime (1 … 3600): QUOTED turns EXPIRED after it, and it is the route transaction's `deadline`.",
  ),
});

/** The per-chain swap variables, `<CHAIN>_<NAME>` for ethereum and every chain in EVM_CHAINS. */
export const chainSwapEnv = z.object({
  UNISWAP_V2_ROUTER: optionalVar(
    contractAddress,
    ROUTER_DEFAULT,
    "A chain's Uniswap V2 router (with its factory: both or neither); WETH is read from `router.WETH()`.",
  ),
  UNISWAP_V2_FACTORY: optionalVar(contractAddress, FACTORY_DEFAULT, "That chain's Uniswap V2 factory."),
});

export const DEFAULT_SWAP_SETTINGS: SwapSettings = Object.freeze({
  quoteTtlMs: swapEnv.parse({}).SWAP_QUOTE_TTL_SECONDS * 1000,
  uniswapV2: [],
});

/** The swap settings for the configured chains; issues are pushed onto `issues`. */
export function swapSettings(
  env: NodeJS.ProcessEnv,
  chainIds: readonly string[],
  issues: ConfigIssue[],
): SwapSettings {
  let quoteTtlMs = DEFAULT_SWAP_SETTINGS.quoteTtlMs;
  const ttl = swapEnv.safeParse(env);
  if (ttl.success) quoteTtlMs = ttl.data.SWAP_QUOTE_TTL_SECONDS * 1000;
  else issues.push({ variable: 'SWAP_QUOTE_TTL_SECONDS', message: ttl.error.issues[0].message });
  const uniswapV2: UniswapV2Config[] = [];
  for (const chain of chainIds) {
    const prefix = envPrefix(chain);
    const names = [`${prefix}_UNISWAP_V2_ROUTER`, `${prefix}_UNISWAP_V2_FACTORY`] as const;
    const [router, factory] = (['UNISWAP_V2_ROUTER', 'UNISWAP_V2_FACTORY'] as const).map((key, i) => {
      const parsed = chainSwapEnv.shape[key].safeParse(env[names[i]]);
      if (!parsed.success) issues.push({ variable: names[i], message: parsed.error.issues[0].message });
      return parsed.success ? parsed.data : null;
    });
    if (router === undefined && factory === undefined) continue;
    if (router === undefined || factory === undefined) {
      issues.push({
        variable: names[router === undefined ? 0 : 1],
        message: `required with ${names[router === undefined ? 1 : 0]}`,
      });
      continue;
    }
    if (router && factory) uniswapV2.push({ chain, router, factory });
  }
  return { quoteTtlMs, uniswapV2 };
}
