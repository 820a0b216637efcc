import { type Address, encodeFunctionData, type PublicClient } from 'viem';
import { readUniswapV2PathQuote, readUniswapV2Weth, uniswapV2RouterAbi } from '@chainwire/chains';
import {
  minAmountAfterSlippage,
  type ProviderQuote,
  type ProviderQuoteRequest,
  type SwapProvider,
} from '../swap-provider';
import { LIQUIDITY_FEE_BPS_PER_HOP, liquidityFee, priceImpactBps } from './uniswap-v2-math';

/** One chain's Uniswap V2 deployment (`<CHAIN>_UNISWAP_V2_ROUTER`, `<CHAIN>_UNISWAP_V2_FACTORY`). */
export interface UniswapV2Deployment {
  readonly router: Address;
  readonly factory: Address;
}

/** Ethereum mainnet's router and factory: the defaults for `ethereum`. */
export const MAINNET_UNISWAP_V2: UniswapV2Deployment = {
  router: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
  factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
};

export const UNISWAP_V2 = 'uniswap-v2';

/** Gas of a V2 swap when the node cannot estimate it yet (an ERC-20 source before its approval). */
const FALLBACK_GAS_BASE = 120_000n;
const FALLBACK_GAS_PER_HOP = 80_000n;

/**
 * Same-chain swaps through a Uniswap V2 router (docs/architecture.md §14). Amounts from the router's
 * `getAmountsOut`, price impact from the pairs' reserves read in the same call; `native` in or out goes
 * through the router's ETH functions (it wraps and unwraps WETH itself). A token-to-token swap takes the
 * direct pair, else the route through WETH.
 */
export class UniswapV2Provider implements SwapProvider {
  readonly name = UNISWAP_V2;
  private readonly weth = new Map<string, Promise<Address | null>>();

  constructor(private readonly deployments: ReadonlyMap<string, UniswapV2Deployment>) {}

  serves(srcChain: string, dstChain: string): boolean {
    return srcChain === dstChain && this.deployments.has(srcChain);
  }

  /** router.WETH(), asked once per chain (a failed read is asked again). */
  wrappedNative(chain: string, client: PublicClient): Promise<Address | null> {
    const deployment = this.deployments.get(chain);
    if (!deployment) return Promise.resolve(null);
    let weth = this.weth.get(chain);
    if (!weth) {
      weth = readUniswapV2Weth(client, deployment.router);
      weth.then(
        (w) => w === null && this.weth.delete(chain),
        () => this.weth.delete(chain),
      );
      this.weth.set(chain, weth);
    }
    return weth;
  }

  async quote(request: ProviderQuoteRequest): Promise<ProviderQuote | null> {
    const deployment = this.deployments.get(request.chain);
    const weth = await this.wrappedNative(request.chain, request.client);
    if (!deployment || !weth) return null;
    const src = request.srcToken === 'native' ? weth : request.srcToken;
    const dst = request.dstToken === 'native' ? weth : request.dstToken;
    const paths: Address[][] = [[src, dst]];
    if (src !== weth && dst !== weth) paths.push([src, weth, dst]);
    for (const path of paths) {
      const read = await readUniswapV2PathQuote(
        request.client,
        deployment.router,
        deployment.factory,
        request.srcAmount,
        path,
      );
      if (!read) continue;
      const dstAmount = read.amounts[read.amounts.length - 1];
      if (dstAmount === 0n) continue;
      const minDstAmount = minAmountAfterSlippage(dstAmount, request.slippageBps);
      const hops = path.length - 1;
      return {
        dstAmount,
        minDstAmount,
        priceImpactBps: priceImpactBps(request.srcAmount, dstAmount, read.reserves),
        rawProviderRef: path.join('>'),
        tx: {
          to: deployment.router,
          data: swapCalldata(request, path, minDstAmount),
          value: request.srcToken === 'native' ? request.srcAmount : 0n,
        },
        approval:
          request.srcToken === 'native'
            ? null
            : { token: request.srcToken, spender: deployment.router, amount: request.srcAmount },
        liquidityFee: liquidityFee(request.srcAmount, hops),
        liquidityFeeBps: LIQUIDITY_FEE_BPS_PER_HOP * hops,
        fallbackGas: FALLBACK_GAS_BASE + FALLBACK_GAS_PER_HOP * BigInt(hops),
      };
    }
    return null;
  }
}

/** The router call: exact input, output to the sender, the quote's expiry as deadline. */
function swapCalldata(request: ProviderQuoteRequest, path: Address[], minDstAmount: bigint): `0x${string}` {
  const { from: to, deadline, srcAmount } = request;
  if (request.srcToken === 'native') {
    return encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [minDstAmount, path, to, deadline],
    });
  }
  return encodeFunctionData({
    abi: uniswapV2RouterAbi,
    functionName: request.dstToken === 'native' ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
    args: [srcAmount, minDstAmount, path, to, deadline],
  });
}
