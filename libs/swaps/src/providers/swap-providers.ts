import { Inject, Injectable } from '@nestjs/common';
import { getAddress } from 'viem';
import { ChainCapabilities } from '@chainwire/chains';
import { SWAPS_OPTIONS, type SwapsModuleOptions } from '../swaps-options';
import type { SwapProvider } from './swap-provider';
import { UniswapV2Provider } from './uniswap-v2/uniswap-v2-provider';

/**
 * The configured providers, asked in order; the first that serves a pair of chains quotes it. Registers
 * the `swaps` capability for the chains with a node that a provider serves.
 */
@Injectable()
export class SwapProviders {
  readonly all: readonly SwapProvider[];

  constructor(@Inject(SWAPS_OPTIONS) options: SwapsModuleOptions, capabilities: ChainCapabilities) {
    this.all = [
      new UniswapV2Provider(
        new Map(
          options.uniswapV2.map((d) => [
            d.chain,
            { router: getAddress(d.router), factory: getAddress(d.factory) },
          ]),
        ),
      ),
    ];
    const withNode = new Set(options.chains.filter((c) => c.rpcUrl).map((c) => c.id));
    capabilities.register({
      feature: 'swaps',
      serves: (chain) => withNode.has(chain) && this.for(chain, chain) !== undefined,
    });
  }

  for(srcChain: string, dstChain: string): SwapProvider | undefined {
    return this.all.find((p) => p.serves(srcChain, dstChain));
  }
}
