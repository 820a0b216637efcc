import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '@chainwire/core';
import { eventually } from '../support/api-balances';
import { startService } from '../support/service-process';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build script is plain CommonJS: it runs before tsc
const { STAMP } = require('../../scripts/build.cjs') as { STAMP: string };

/**
 * `npm start` on a built, unchanged tree starts the service without compiling (pretest built it), so
 * a restart costs only the boot. The time to the first answer is printed; the README's figure comes
 * from it (speed is reported, not asserted, on a shared machine).
 */
describe('npm start on a built tree', () => {
  it('restarts without compiling and answers the latest block', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'restart-'));
    const stamp = () => statSync(join(PROJECT_ROOT, STAMP)).mtimeMs;
    const builtAt = stamp();
    const first = await startService({}, { dataDir, viaStartScript: true });
    await eventually(async () => expect((await first.get('/api/blocks/latest')).status).toBe(200));
    expect(await first.stop()).toBe(0);
    const second = await startService({}, { dataDir, viaStartScript: true });
    try {
      const latest = await second.get('/api/blocks/latest');
      expect(latest.status).toBe(200);
      expect(JSON.parse(latest.text)).toMatchObject({ number: expect.any(Number) });
      expect(stamp()).toBe(builtAt);
      expect(second.output()).not.toMatch(/error TS\d+/);
      process.stdout.write(
        `npm start: first start ${first.answeredAfterMs} ms, restart ${second.answeredAfterMs} ms to GET /api/blocks/latest\n`,
      );
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
