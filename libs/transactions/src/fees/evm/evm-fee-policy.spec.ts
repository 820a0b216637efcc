import { adjustPrice, eip1559Levels, gasLimitFor, legacyLevels, multiply } from './evm-fee-policy';

const GWEI = 10n ** 9n;

describe('EVM fee policy', () => {
  const history = {
    oldestBlock: 100n,
    baseFeePerGas: [10n * GWEI, 11n * GWEI, 12n * GWEI, 13n * GWEI],
    gasUsedRatio: [0.5, 0, 0.9],
    reward: [
      [1n * GWEI, 2n * GWEI, 5n * GWEI],
      [0n, 0n, 0n],
      [3n * GWEI, 4n * GWEI, 9n * GWEI],
    ],
  };

  it('takes the median tip per percentile over blocks that carried gas, and 2× the next base fee', () => {
    const levels = eip1559Levels(history, 7n);
    expect(levels.mode).toBe('EIP1559');
    expect(levels.baseFeePerGas).toBe(13n * GWEI);
    expect(levels.slow).toEqual({
      mode: 'EIP1559',
      maxPriorityFeePerGas: 2n * GWEI,
      maxFeePerGas: 28n * GWEI,
    });
    expect(levels.standard).toEqual({
      mode: 'EIP1559',
      maxPriorityFeePerGas: 3n * GWEI,
      maxFeePerGas: 29n * GWEI,
    });
    expect(levels.fast).toEqual({
      mode: 'EIP1559',
      maxPriorityFeePerGas: 7n * GWEI,
      maxFeePerGas: 33n * GWEI,
    });
  });

  it('falls back to the node tip when every block was empty', () => {
    const levels = eip1559Levels({ ...history, gasUsedRatio: [0, 0, 0] }, GWEI);
    expect(levels.slow).toEqual(levels.fast);
    expect(levels.standard).toEqual({
      mode: 'EIP1559',
      maxPriorityFeePerGas: GWEI,
      maxFeePerGas: 27n * GWEI,
    });
  });

  it('keeps the max fee valid for five full blocks of base-fee rise', () => {
    const { baseFeePerGas, standard } = eip1559Levels(history, GWEI);
    let base = baseFeePerGas!;
    for (let i = 0; i < 5; i++) base = (base * 1125n) / 1000n;
    expect(standard.mode === 'EIP1559' && standard.maxFeePerGas >= base + standard.maxPriorityFeePerGas).toBe(
      true,
    );
  });

  it('prices legacy levels from the node gas price, rounding up', () => {
    expect(legacyLevels(1001n)).toEqual({
      mode: 'LEGACY',
      baseFeePerGas: null,
      slow: { mode: 'LEGACY', gasPrice: 1001n },
      standard: { mode: 'LEGACY', gasPrice: 1102n },
      fast: { mode: 'LEGACY', gasPrice: 1252n },
    });
  });

  it('replaces and scales the tip, keeping the base-fee headroom', () => {
    const levels = eip1559Levels(history, GWEI);
    expect(adjustPrice(levels, { maxPriorityFeePerGasWei: 5n })).toEqual({
      mode: 'EIP1559',
      maxPriorityFeePerGas: 5n,
      maxFeePerGas: 26n * GWEI + 5n,
    });
    expect(adjustPrice(levels, { priorityFeeMultiplier: '1.5' })).toEqual({
      mode: 'EIP1559',
      maxPriorityFeePerGas: 4_500_000_000n,
      maxFeePerGas: 26n * GWEI + 4_500_000_000n,
    });
    expect(adjustPrice(legacyLevels(100n), { priorityFeeMultiplier: '2' })).toEqual({
      mode: 'LEGACY',
      gasPrice: 220n,
    });
  });

  it('adds the gas margin except to a plain transfer, and multiplies exactly', () => {
    expect(gasLimitFor(21_000n)).toBe(21_000n);
    expect(gasLimitFor(51_234n)).toBe(61_481n);
    expect(multiply(10n ** 30n + 1n, '0.333')).toBe(333_000_000_000_000_000_000_000_000_001n);
    expect(multiply(3n, '0.5')).toBe(2n);
  });
});
