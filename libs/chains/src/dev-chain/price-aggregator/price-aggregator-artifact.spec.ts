import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureContract } from '../../../../../test/fixtures/contracts/compile';
import { priceAggregatorAbi, priceAggregatorBytecode } from './price-aggregator.artifact';

/** The committed artifact is DevPriceAggregator.sol compiled: `UPDATE_ARTIFACTS=1` rewrites it after a source change. */
describe('DevPriceAggregator artifact', () => {
  it('matches DevPriceAggregator.sol compiled with solc', () => {
    const compiled = fixtureContract('DevPriceAggregator');
    if (process.env.UPDATE_ARTIFACTS === '1') {
      writeFileSync(
        join(__dirname, 'price-aggregator.artifact.ts'),
        [
          '// Generated from DevPriceAggregator.sol by price-aggregator-artifact.spec.ts (UPDATE_ARTIFACTS=1): do not edit.',
          `export const priceAggregatorAbi = ${JSON.stringify(compiled.abi, null, 2)} as const;`,
          '',
          `export const priceAggregatorBytecode = '${compiled.bytecode}' as const;`,
          '',
        ].join('\n'),
      );
      return;
    }
    expect(priceAggregatorBytecode).toBe(compiled.bytecode);
    expect(priceAggregatorAbi).toEqual(compiled.abi);
  });
});
