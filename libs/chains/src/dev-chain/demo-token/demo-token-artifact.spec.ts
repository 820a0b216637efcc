import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureContract } from '../../../../../test/fixtures/contracts/compile';
import { demoTokenAbi, demoTokenBytecode } from './demo-token.artifact';

/** The committed artifact is DemoToken.sol compiled: `UPDATE_ARTIFACTS=1` rewrites it after a source change. */
describe('DemoToken artifact', () => {
  it('matches DemoToken.sol compiled with solc', () => {
    const compiled = fixtureContract('DemoToken');
    if (process.env.UPDATE_ARTIFACTS === '1') {
      writeFileSync(
        join(__dirname, 'demo-token.artifact.ts'),
        [
          '// Generated from DemoToken.sol by demo-token-artifact.spec.ts (UPDATE_ARTIFACTS=1): do not edit.',
          `export const demoTokenAbi = ${JSON.stringify(compiled.abi, null, 2)} as const;`,
          '',
          `export const demoTokenBytecode = '${compiled.bytecode}' as const;`,
          '',
        ].join('\n'),
      );
      return;
    }
    expect(demoTokenBytecode).toBe(compiled.bytecode);
    expect(demoTokenAbi).toEqual(compiled.abi);
  });
});
