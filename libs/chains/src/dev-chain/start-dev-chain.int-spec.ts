import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, erc20Abi, getAddress, http, parseUnits } from 'viem';
import { readPriceFeed } from '../evm/read-price-feed';
import { readUniswapV2PathQuote } from '../evm/uniswap-v2/read-uniswap-v2';
import { DEV_CHAIN_FILE, startDevChain, type DevChain } from './start-dev-chain';
import { recordAnvilPid } from './orphaned-anvil';
import { spawnAnvil } from './spawn-anvil';

describe('startDevChain', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dev-chain-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('deploys demo tokens once, persists the chain, and resumes it after a restart', async () => {
    let chain: DevChain | undefined = await startDevChain({ dataDir });
    try {
      expect(chain.chainId).toBe(31337);
      expect(chain.accounts).toHaveLength(10);
      expect(chain.demoTokens.map((t) => [t.symbol, t.decimals])).toEqual([
        ['dUSDT', 6],
        ['dUSDC', 6],
      ]);
      const client = createPublicClient({ transport: http(chain.rpcUrl) });
      const [usdt] = chain.demoTokens;
      expect(
        await client.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'decimals' }),
      ).toBe(6);
      const balance = await client.readContract({
        address: usdt.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [chain.accounts[9].address],
      });
      expect(balance).toBe(parseUnits('1000000', 6));
      // Chainlink-style aggregators price ETH and the demo tokens in USD.
      expect(chain.priceFeeds.map((f) => f.pair)).toEqual(['ETH/USD', 'dUSDT/USD', 'dUSDC/USD']);
      const ethUsd = await readPriceFeed(client as never, chain.priceFeeds[0].address);
      expect([ethUsd.answer, ethUsd.decimals]).toEqual([300000000000n, 8]);
      const latest = await client.getBlock();
      expect(ethUsd.updatedAt).toBeLessThanOrEqual(latest.timestamp);
      expect(ethUsd.updatedAt).toBeGreaterThan(latest.timestamp - 60n);
      const firstFeeds = chain.priceFeeds;
      // Uniswap V2 with the WETH/dUSDC pool, whose router finds the pair.
      const firstUniswap = chain.uniswapV2!;
      const usdc = chain.demoTokens.find((t) => t.symbol === 'dUSDC')!;
      const pool = await readUniswapV2PathQuote(
        client as never,
        firstUniswap.router,
        firstUniswap.factory,
        10n ** 18n,
        [firstUniswap.weth, getAddress(usdc.address)],
      );
      expect(pool?.reserves[0]).toMatchObject({
        reserveIn: 100n * 10n ** 18n,
        reserveOut: 300_000n * 10n ** 6n,
      });
      const blockBefore = await client.getBlockNumber();
      const firstTokens = chain.demoTokens;
      await chain.stop();

      chain = await startDevChain({ dataDir });
      const resumed = createPublicClient({ transport: http(chain.rpcUrl) });
      expect(chain.demoTokens).toEqual(firstTokens);
      expect(chain.priceFeeds).toEqual(firstFeeds);
      expect(chain.uniswapV2).toEqual(firstUniswap);
      expect(await resumed.getBlockNumber()).toBe(blockBefore);
      expect(JSON.parse(readFileSync(join(dataDir, DEV_CHAIN_FILE), 'utf8')).demoTokens).toEqual(firstTokens);
      // Historical state survives the restart too (the indexer reads genesis balances at block 0).
      expect(await resumed.getBalance({ address: chain.accounts[0].address, blockNumber: 0n })).toBe(
        parseUnits('10000', 18),
      );
    } finally {
      await chain?.stop();
    }
  });

  it('starts an ephemeral chain with the requested chain id and stops it', async () => {
    const chain = await startDevChain({ chainId: 1337 });
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    expect(await client.getChainId()).toBe(1337);
    await chain.stop();
    await expect(client.getChainId()).rejects.toThrow();
  });

  it('spawnAnvil passes mining options through (no mining: blocks only on demand)', async () => {
    const anvil = await spawnAnvil({ noMining: true, hardfork: 'cancun' });
    try {
      const client = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 });
      expect(await client.getBlockNumber()).toBe(0n);
      await client.request({ method: 'evm_mine' as never, params: [] as never });
      expect(await client.getBlockNumber()).toBe(1n);
    } finally {
      await anvil.stop();
    }
  });

  it('stops an anvil a killed process left on the data dir, keeping the blocks it mined since its last dump', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dev-chain-orphan-'));
    // The orphan: dumps its state only on exit (no interval within the test), as a killed server's child would.
    const orphan = await spawnAnvil({ stateFile: join(dir, 'anvil-state.json'), stateIntervalSeconds: 3600 });
    recordAnvilPid(dir, orphan.pid);
    const orphanClient = createPublicClient({ transport: http(orphan.rpcUrl) });
    await orphanClient.request({ method: 'anvil_mine' as never, params: ['0x7'] as never });
    let chain: DevChain | undefined;
    try {
      chain = await startDevChain({ dataDir: dir });
      expect(() => process.kill(orphan.pid, 0)).toThrow();
      const client = createPublicClient({ transport: http(chain.rpcUrl) });
      expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(7n);
    } finally {
      await chain?.stop();
      await orphan.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
