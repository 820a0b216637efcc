import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, http } from 'viem';
import { deriveDevAccounts, type DevAccount } from './dev-accounts';
import { demoTokensDeployed, deployDemoTokens, type DemoToken } from './demo-tokens';
import { deployDevPriceFeeds, type DevPriceFeed, refreshDevPriceFeeds } from './dev-price-feeds';
import { recordAnvilPid, stopOrphanedAnvil } from './orphaned-anvil';
import { spawnAnvil } from './spawn-anvil';
import { type DevUniswapV2, deployUniswapV2 } from './uniswap-v2/deploy-uniswap-v2';

export type { DemoToken } from './demo-tokens';
export type { DevAccount } from './dev-accounts';
export type { DevPriceFeed } from './dev-price-feeds';
export type { DevUniswapV2 } from './uniswap-v2/deploy-uniswap-v2';

export interface StartDevChainOptions {
  /** Persist the chain here (anvil `--state`) so a restart resumes it; omitted: an ephemeral chain. */
  dataDir?: string;
  port?: number;
  blockTimeSeconds?: number;
  hardfork?: string;
  chainId?: number;
  log?: (msg: string) => void;
}

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  accounts: DevAccount[];
  demoTokens: DemoToken[];
  /** Chainlink-style aggregators: ETH/USD, dUSDT/USD, dUSDC/USD. */
  priceFeeds: DevPriceFeed[];
  /** Uniswap V2 with a WETH/dUSDC pool (docs/architecture.md §14); absent without the npm builds. */
  uniswapV2?: DevUniswapV2;
  stop(): Promise<void>;
}

/** Written beside the anvil state: the demo tokens are deployed once per chain and reused. */
interface DevChainFile {
  chainId: number;
  demoTokens: DemoToken[];
  /** Absent in files written before the dev chain had price feeds: they are deployed then. */
  priceFeeds?: DevPriceFeed[];
  /** Absent in files written before the dev chain had Uniswap V2: it is deployed then. */
  uniswapV2?: DevUniswapV2;
}

const DEV_ACCOUNT_COUNT = 10;
export const DEV_CHAIN_FILE = 'dev-chain.json';
export const ANVIL_STATE_FILE = 'anvil-state.json';

/**
 * A local anvil with funded dev accounts and demo ERC-20 tokens (dUSDT, dUSDC). With a dataDir the
 * chain, and so the token addresses, survive restarts; the state is also dumped every few seconds.
 */
export async function startDevChain(options: StartDevChainOptions = {}): Promise<DevChain> {
  const log = options.log ?? (() => undefined);
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    await stopOrphanedAnvil(options.dataDir, log);
  }
  const anvil = await spawnAnvil({
    port: options.port,
    chainId: options.chainId,
    hardfork: options.hardfork,
    blockTimeSeconds: options.blockTimeSeconds,
    accounts: DEV_ACCOUNT_COUNT,
    ...(options.dataDir
      ? {
          stateFile: join(options.dataDir, ANVIL_STATE_FILE),
          stateIntervalSeconds: 5,
          preserveHistoricalStates: true,
        }
      : {}),
  });
  if (options.dataDir) recordAnvilPid(options.dataDir, anvil.pid);
  try {
    const publicClient = createPublicClient({ transport: http(anvil.rpcUrl) });
    const chainId = await publicClient.getChainId();
    const accounts = deriveDevAccounts(DEV_ACCOUNT_COUNT);
    const nodeAccounts = (await createWalletClient({ transport: http(anvil.rpcUrl) }).getAddresses()).map(
      (a) => a.toLowerCase(),
    );
    if (nodeAccounts[0] !== accounts[0].address.toLowerCase()) {
      throw new Error(`anvil's accounts are not the default mnemonic's (first is ${nodeAccounts[0]})`);
    }

    const file = options.dataDir ? join(options.dataDir, DEV_CHAIN_FILE) : undefined;
    const saved =
      file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DevChainFile) : undefined;
    let demoTokens: DemoToken[];
    let priceFeeds: DevPriceFeed[];
    let uniswapV2: DevUniswapV2 | undefined;
    if (saved && saved.chainId === chainId && (await demoTokensDeployed(publicClient, saved.demoTokens))) {
      demoTokens = saved.demoTokens;
      if (saved.priceFeeds && (await demoTokensDeployed(publicClient, saved.priceFeeds))) {
        priceFeeds = saved.priceFeeds;
        await refreshDevPriceFeeds(anvil.rpcUrl, chainId, accounts, priceFeeds);
      } else {
        priceFeeds = await deployDevPriceFeeds(anvil.rpcUrl, chainId, accounts);
        if (file)
          writeJsonAtomically(file, { ...saved, chainId, demoTokens, priceFeeds } satisfies DevChainFile);
      }
      log(`dev chain resumed at ${anvil.rpcUrl} (chain id ${chainId})`);
      if (
        saved.uniswapV2 &&
        (await demoTokensDeployed(publicClient, [{ address: saved.uniswapV2.router }]))
      ) {
        uniswapV2 = saved.uniswapV2;
      } else {
        uniswapV2 = await deployDevUniswapV2(anvil.rpcUrl, chainId, accounts, demoTokens);
        if (file)
          writeJsonAtomically(file, { chainId, demoTokens, priceFeeds, uniswapV2 } satisfies DevChainFile);
      }
    } else {
      demoTokens = await deployDemoTokens(anvil.rpcUrl, chainId, accounts);
      priceFeeds = await deployDevPriceFeeds(anvil.rpcUrl, chainId, accounts);
      uniswapV2 = await deployDevUniswapV2(anvil.rpcUrl, chainId, accounts, demoTokens);
      if (file)
        writeJsonAtomically(file, { chainId, demoTokens, priceFeeds, uniswapV2 } satisfies DevChainFile);
      log(`dev chain started at ${anvil.rpcUrl} (chain id ${chainId}); demo tokens and price feeds deployed`);
    }
    return { rpcUrl: anvil.rpcUrl, chainId, accounts, demoTokens, priceFeeds, uniswapV2, stop: anvil.stop };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** The dev chain's pool: 100 ETH against 300,000 dUSDC (ETH at 3,000, as the dev price feed says). */
async function deployDevUniswapV2(
  rpcUrl: string,
  chainId: number,
  accounts: readonly DevAccount[],
  demoTokens: readonly DemoToken[],
): Promise<DevUniswapV2 | undefined> {
  const usdc = demoTokens.find((t) => t.symbol === 'dUSDC');
  const pools = usdc
    ? [{ token: usdc.address, tokenAmount: 300_000n * 10n ** BigInt(usdc.decimals), wei: 100n * 10n ** 18n }]
    : [];
  // The last dev account deploys and provides the liquidity, so the first one (the one wallets and docs
  // show first) keeps its round demo balances.
  return (await deployUniswapV2(rpcUrl, chainId, accounts[accounts.length - 1], pools)) ?? undefined;
}

function writeJsonAtomically(path: string, value: unknown): void {
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, JSON.stringify(value, null, 2) + '\n');
  renameSync(temporary, path);
}
