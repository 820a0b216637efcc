import { readFileSync } from 'node:fs';
import { encodeFunctionData, keccak256, parseUnits } from 'viem';

const pairBuild = JSON.parse(
  readFileSync(require.resolve('@uniswap/v2-core/build/UniswapV2Pair.json'), 'utf8'),
) as { bytecode: string };
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { readUniswapV2PathQuote, readUniswapV2Weth } from '../../evm/uniswap-v2/read-uniswap-v2';
import { uniswapV2RouterAbi } from '../../evm/uniswap-v2/uniswap-v2-abi';
import { deployDemoTokens } from '../demo-tokens';
import { deployUniswapV2, type DevUniswapV2 } from './deploy-uniswap-v2';
import {
  checkPairInitCodeHash,
  loadUniswapV2Artifacts,
  PairInitCodeHashMismatchError,
} from './uniswap-v2-artifacts';

describe('Uniswap V2 from the npm builds', () => {
  const artifacts = loadUniswapV2Artifacts()!;
  let anvil: TestAnvil;
  let uniswap: DevUniswapV2;
  let usdc: `0x${string}`;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    const [, token] = await deployDemoTokens(anvil.rpcUrl, anvil.chain.id, anvil.accounts);
    usdc = token.address;
    uniswap = (await deployUniswapV2(anvil.rpcUrl, anvil.chain.id, anvil.accounts[0], [
      { token: usdc, tokenAmount: parseUnits('300000', 6), wei: parseUnits('100', 18) },
    ]))!;
  });
  afterAll(() => anvil?.stop());

  it("the router embeds the init code hash of the factory's pair, and the factory creates pairs from that code", () => {
    const pairHash = keccak256(('0x' + pairBuild.bytecode) as `0x${string}`);
    expect(artifacts.pairInitCodeHash).toBe(pairHash);
    expect(artifacts.router02.bytecode.toLowerCase()).toContain(pairHash.slice(2));
    expect(artifacts.factory.bytecode.toLowerCase()).toContain(
      pairBuild.bytecode.toLowerCase().slice(0, 400),
    );
  });

  it('fails loudly when the router would look for pairs under another hash', () => {
    // Mainnet's hash: what a router compiled for the mainnet factory embeds.
    const mainnetHash = '0x96e8ac42782006f8894161745b24916fe9339b629bc3e7ca895b7c575c1d9c12' as const;
    expect(() => checkPairInitCodeHash({ ...artifacts, pairInitCodeHash: mainnetHash })).toThrow(
      PairInitCodeHashMismatchError,
    );
  });

  it('deploys a router that finds the pool: WETH(), getAmountsOut and the reserves', async () => {
    const client = anvil.publicClient;
    expect(await readUniswapV2Weth(client, uniswap.router)).toBe(uniswap.weth);
    expect(await readUniswapV2Weth(client, usdc)).toBeNull();
    const oneEth = parseUnits('1', 18);
    const quote = (await readUniswapV2PathQuote(client, uniswap.router, uniswap.factory, oneEth, [
      uniswap.weth,
      usdc,
    ]))!;
    expect(quote.reserves).toEqual([
      expect.objectContaining({ reserveIn: parseUnits('100', 18), reserveOut: parseUnits('300000', 6) }),
    ]);
    // x·y = k with the 0.3 % fee, exactly as UniswapV2Library.getAmountOut computes it.
    const inWithFee = oneEth * 997n;
    const expected = (inWithFee * parseUnits('300000', 6)) / (parseUnits('100', 18) * 1000n + inWithFee);
    expect(quote.amounts).toEqual([oneEth, expected]);
    // No pair: no quote.
    expect(
      await readUniswapV2PathQuote(client, uniswap.router, uniswap.factory, oneEth, [
        usdc,
        anvil.accounts[5].address,
      ]),
    ).toBeNull();
  });

  it("prices a swap alike whether it lands in the liquidity's second or later: the pools' accumulators are started", async () => {
    // A pair whose accumulators were still zero cost about 45,000 gas more in a later second than an
    // estimate in its liquidity's second said, past prepare-sign's 20 % margin: the swap ran out of gas.
    const trader = anvil.accounts[1];
    const swap = () =>
      anvil.publicClient.estimateGas({
        account: trader.address,
        to: uniswap.router,
        value: parseUnits('1', 18),
        data: encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactETHForTokens',
          args: [1n, [uniswap.weth, usdc], trader.address, 2n ** 40n],
        }),
      });
    const now = await swap();
    await anvil.testClient.increaseTime({ seconds: 5 });
    await anvil.testClient.mine({ blocks: 1 });
    const later = await swap();
    // Within prepare-sign's margin (20 %): 117,769 then 128,350 gas here; 163,093 before the fix.
    expect(later).toBeLessThanOrEqual((now * 120n) / 100n);
  });
});
