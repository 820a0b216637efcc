import { type Address, type ContractFunctionParameters, type PublicClient, zeroAddress } from 'viem';
import { throwIfUnavailable } from '../tokens/multicall-failure';
import { uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from './uniswap-v2-abi';

/** The router's wrapped native token (`router.WETH()`); null when the address is no V2 router. */
export async function readUniswapV2Weth(client: PublicClient, router: Address): Promise<Address | null> {
  const [weth] = await client.multicall({
    deployless: true,
    allowFailure: true,
    contracts: [{ address: router, abi: uniswapV2RouterAbi, functionName: 'WETH' }],
  });
  throwIfUnavailable([weth]);
  return weth.status === 'success' ? weth.result : null;
}

/** One pool of a path: the reserves on the side the path enters and leaves by. */
export interface PairReserves {
  readonly pair: Address;
  readonly reserveIn: bigint;
  readonly reserveOut: bigint;
}

export interface UniswapV2PathQuote {
  /** `getAmountsOut`: the amount after each hop, the input first. */
  readonly amounts: readonly bigint[];
  /** One per hop, read in the same call as the amounts (so they describe the same block). */
  readonly reserves: readonly PairReserves[];
}

/**
 * `router.getAmountsOut(amountIn, path)` and each hop's pair reserves in one `eth_call` (deployless
 * multicall). Null when the path has no liquidity: a pair missing (getPair answers zero) or empty, or
 * getAmountsOut reverting (INSUFFICIENT_LIQUIDITY). A transport failure throws ChainUnavailableError.
 */
export async function readUniswapV2PathQuote(
  client: PublicClient,
  router: Address,
  factory: Address,
  amountIn: bigint,
  path: readonly Address[],
): Promise<UniswapV2PathQuote | null> {
  const hops = path.slice(1).map((to, i) => [path[i], to] as const);
  const pairs = await client.multicall({
    deployless: true,
    allowFailure: true,
    contracts: hops.map(([a, b]) => ({
      address: factory,
      abi: uniswapV2FactoryAbi,
      functionName: 'getPair' as const,
      args: [a, b] as const,
    })),
  });
  throwIfUnavailable(pairs);
  if (pairs.some((p) => p.status !== 'success' || p.result === zeroAddress)) return null;
  const pairAddresses = pairs.map((p) => p.result as Address);
  // One call for the amounts and every hop's reserves (a mixed list, which viem's tuple types cannot name).
  const contracts = [
    {
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut' as const,
      args: [amountIn, [...path]] as const,
    },
    ...pairAddresses.flatMap((pair) => [
      { address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' as const },
      { address: pair, abi: uniswapV2PairAbi, functionName: 'token0' as const },
    ]),
  ] as readonly ContractFunctionParameters[];
  const results = await client.multicall({ deployless: true, allowFailure: true, contracts });
  throwIfUnavailable(results);
  if (results.some((r) => r.status !== 'success')) return null;
  const amounts = results[0].result as readonly bigint[];
  const reserves = pairAddresses.map((pair, i): PairReserves => {
    const [reserve0, reserve1] = results[1 + 2 * i].result as readonly [bigint, bigint, number];
    const token0 = results[2 + 2 * i].result as Address;
    const inIsToken0 = token0.toLowerCase() === hops[i][0].toLowerCase();
    return {
      pair,
      reserveIn: inIsToken0 ? reserve0 : reserve1,
      reserveOut: inIsToken0 ? reserve1 : reserve0,
    };
  });
  if (reserves.some((r) => r.reserveIn === 0n || r.reserveOut === 0n)) return null;
  return { amounts, reserves };
}
