import { liquidityFee, priceImpactBps } from './uniswap-v2-math';
import { minAmountAfterSlippage } from '../swap-provider';

/** UniswapV2Library.getAmountOut, restated. */
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n);

describe('Uniswap V2 amounts', () => {
  const pair = {
    pair: '0x0000000000000000000000000000000000000001' as const,
    reserveIn: 100n * 10n ** 18n,
    reserveOut: 300_000n * 10n ** 6n,
  };

  it('minDstAmount is floor(dst × (10,000 − slippage) / 10,000)', () => {
    expect(minAmountAfterSlippage(1000n, 50)).toBe(995n);
    expect(minAmountAfterSlippage(999n, 50)).toBe(994n); // 994.005 floored
    expect(minAmountAfterSlippage(1000n, 0)).toBe(1000n);
    expect(minAmountAfterSlippage(1000n, 10_000)).toBe(0n);
  });

  it('a small trade has next to no impact; one a tenth of the pool about 9 %', () => {
    const small = 10n ** 15n;
    expect(priceImpactBps(small, amountOut(small, pair.reserveIn, pair.reserveOut), [pair])).toBe(0);
    const big = 10n * 10n ** 18n;
    // out = spot·R/(R + in·0.997): impact = in·0.997 / (R + in·0.997) ≈ 9.07 %
    expect(priceImpactBps(big, amountOut(big, pair.reserveIn, pair.reserveOut), [pair])).toBe(906);
  });

  it('the liquidity fee is 0.3 % per hop, compounded', () => {
    expect(liquidityFee(1_000_000n, 1)).toBe(3_000n);
    expect(liquidityFee(1_000_000n, 2)).toBe(5_991n);
  });
});
