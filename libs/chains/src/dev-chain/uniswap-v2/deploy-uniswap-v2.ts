import { type Address, createTestClient, getAddress, type Hash, http, maxUint256, parseAbi } from 'viem';
import { uniswapV2FactoryAbi, uniswapV2RouterAbi } from '../../evm/uniswap-v2/uniswap-v2-abi';
import { demoTokenAbi } from '../demo-token/demo-token.artifact';
import type { DevAccount } from '../dev-accounts';
import { devChainClients } from '../dev-clients';
import { type UniswapV2Artifacts, loadUniswapV2Artifacts } from './uniswap-v2-artifacts';
import { waitForReceipt } from '../wait-for-receipt';

/** Uniswap V2 as deployed on a dev chain: what `<CHAIN>_UNISWAP_V2_ROUTER` / `_FACTORY` name. */
export interface DevUniswapV2 {
  router: Address;
  factory: Address;
  weth: Address;
}

/** A pool to open against WETH: `token` amount and `wei` of the native coin. */
export interface DevUniswapV2Pool {
  readonly token: Address;
  readonly tokenAmount: bigint;
  readonly wei: bigint;
}

/**
 * Deploys WETH9, UniswapV2Factory and UniswapV2Router02 from the npm builds (init code hash checked,
 * uniswap-v2-artifacts.ts) from `account`, then opens each pool with `addLiquidityETH` (the account
 * must hold the tokens). Null when the builds are not installed.
 */
export async function deployUniswapV2(
  rpcUrl: string,
  chainId: number,
  account: DevAccount,
  pools: readonly DevUniswapV2Pool[],
  artifacts: UniswapV2Artifacts | null = loadUniswapV2Artifacts(),
): Promise<DevUniswapV2 | null> {
  if (!artifacts) return null;
  const { publicClient, wallet } = devChainClients(rpcUrl, chainId, account.privateKey);
  const deploy = async (name: string, hash: Hash): Promise<Address> => {
    const receipt = await waitForReceipt(publicClient, hash);
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${name} failed`);
    return getAddress(receipt.contractAddress);
  };
  const weth = await deploy(
    'WETH9',
    await wallet.deployContract({ abi: artifacts.weth9.abi, bytecode: artifacts.weth9.bytecode }),
  );
  const factory = await deploy(
    'UniswapV2Factory',
    await wallet.deployContract({
      abi: artifacts.factory.abi,
      bytecode: artifacts.factory.bytecode,
      args: [account.address],
    }),
  );
  const router = await deploy(
    'UniswapV2Router02',
    await wallet.deployContract({
      abi: artifacts.router02.abi,
      bytecode: artifacts.router02.bytecode,
      args: [factory, weth],
    }),
  );
  for (const pool of pools) {
    const approve = await wallet.writeContract({
      address: pool.token,
      abi: demoTokenAbi,
      functionName: 'approve',
      args: [router, maxUint256],
    });
    await waitForReceipt(publicClient, approve);
    const deadline = (await publicClient.getBlock()).timestamp + 3600n;
    const hash = await wallet.writeContract({
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'addLiquidityETH',
      args: [pool.token, pool.tokenAmount, pool.tokenAmount, pool.wei, account.address, deadline],
      value: pool.wei,
    });
    const receipt = await waitForReceipt(publicClient, hash);
    if (receipt.status !== 'success') throw new Error(`adding liquidity for ${pool.token} failed in ${hash}`);
  }
  await startPriceAccumulators(rpcUrl, pools, factory, weth, { publicClient, wallet });
  return { router, factory, weth };
}

/**
 * One `sync()` per pair in a block a second after its liquidity. A pair's price accumulators stay zero
 * until a block later than its last update; the first swap after that writes them, zero to non-zero,
 * about 45,000 gas more than a swap in the same second. A gas estimate taken in the liquidity block's
 * second then undercounts a swap mined in the next by more than prepare-sign's 20 % margin, and the
 * swap runs out of gas. Pools on live chains are long past their first second; these are made alike.
 */
async function startPriceAccumulators(
  rpcUrl: string,
  pools: readonly DevUniswapV2Pool[],
  factory: Address,
  weth: Address,
  { publicClient, wallet }: ReturnType<typeof devChainClients>,
): Promise<void> {
  if (pools.length === 0) return;
  const { timestamp } = await publicClient.getBlock();
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setNextBlockTimestamp({
    timestamp: timestamp + 1n,
  });
  for (const pool of pools) {
    const pair = await publicClient.readContract({
      address: factory,
      abi: uniswapV2FactoryAbi,
      functionName: 'getPair',
      args: [pool.token, weth],
    });
    const hash = await wallet.writeContract({
      address: pair,
      abi: parseAbi(['function sync()']),
      functionName: 'sync',
    });
    if ((await waitForReceipt(publicClient, hash)).status !== 'success') {
      throw new Error(`sync() of the ${pool.token} pair failed in ${hash}`);
    }
  }
}
