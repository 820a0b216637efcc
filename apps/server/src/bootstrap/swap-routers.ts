import type { DevChain } from '@chainwire/chains';
import type { AppConfig, UniswapV2Config } from '@chainwire/core';
import { MAINNET_UNISWAP_V2 } from '@chainwire/swaps';

/**
 * The Uniswap V2 deployment of each chain (docs/architecture.md §14): `<CHAIN>_UNISWAP_V2_ROUTER` /
 * `_FACTORY` where set; ethereum without them gets the dev chain's when this process started one, else
 * mainnet's (on a node that is not mainnet its WETH() does not answer and quotes say so).
 */
export function uniswapV2Deployments(config: AppConfig, devChain: DevChain | undefined): UniswapV2Config[] {
  const configured = [...config.swaps.uniswapV2];
  const ethereum = config.chains.find((c) => c.id === 'ethereum');
  if (ethereum && !configured.some((d) => d.chain === 'ethereum')) {
    const dev = !ethereum.rpcUrl ? devChain?.uniswapV2 : undefined;
    configured.push({
      chain: 'ethereum',
      ...(dev ? { router: dev.router, factory: dev.factory } : MAINNET_UNISWAP_V2),
    });
  }
  return configured;
}

/** The routers an indexer of `chain` watches: their transactions make the swaps' lifecycle. */
export function watchedRouters(deployments: readonly UniswapV2Config[], chain: string): string[] {
  return deployments.filter((d) => d.chain === chain).map((d) => d.router);
}
