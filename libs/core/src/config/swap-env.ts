import type { ConfigIssue } from './config-error';
import { contractAddress, envPrefix } from './env-schemas';

/** Default lifetime of a swap quote (docs/architecture.md §14). */
export const DEFAULT_SWAP_QUOTE_TTL_SECONDS = 60;

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

export const DEFAULT_SWAP_SETTINGS: SwapSettings = Object.freeze({
  quoteTtlMs: DEFAULT_SWAP_QUOTE_TTL_SECONDS * 1000,
  uniswapV2: [],
});

/**
 * SWAP_QUOTE_TTL_SECONDS [60, at most 3600], and per configured chain `<CHAIN>_UNISWAP_V2_ROUTER` with
 * `<CHAIN>_UNISWAP_V2_FACTORY` (both or neither). Issues are pushed onto `issues`.
 */
export function swapSettings(
  env: NodeJS.ProcessEnv,
  chainIds: readonly string[],
  issues: ConfigIssue[],
): SwapSettings {
  let quoteTtlMs = DEFAULT_SWAP_SETTINGS.quoteTtlMs;
  const ttl = env.SWAP_QUOTE_TTL_SECONDS?.trim();
  if (ttl !== undefined && ttl !== '') {
    if (!/^[1-9]\d*$/.test(ttl) || Number(ttl) > 3600)
      issues.push({
        variable: 'SWAP_QUOTE_TTL_SECONDS',
        message: 'must be a whole number of seconds, 1 to 3600',
      });
    else quoteTtlMs = Number(ttl) * 1000;
  }
  const uniswapV2: UniswapV2Config[] = [];
  for (const chain of chainIds) {
    const prefix = envPrefix(chain);
    const names = [`${prefix}_UNISWAP_V2_ROUTER`, `${prefix}_UNISWAP_V2_FACTORY`] as const;
    const [router, factory] = names.map((name) => {
      const raw = env[name];
      if (raw === undefined || raw.trim() === '') return undefined;
      const parsed = contractAddress.safeParse(raw);
      if (!parsed.success) issues.push({ variable: name, message: parsed.error.issues[0].message });
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
