import { createServer } from 'node:http';
import { findFreePort } from '@chainwire/chains';
import { startService } from './service-process';

/**
 * A port picked free can be taken before the spawned service binds it (CI saw the service's own
 * outbound sockets take one): startService must start again on another, not fail the test that uses it.
 */
describe('startService', () => {
  it('starts on another port when the one it picked is taken', async () => {
    // Answers (unlike a bare socket), so the wait for the service's first answer does not hang on it.
    const holder = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => holder.listen(0, '0.0.0.0', resolve));
    const taken = (holder.address() as { port: number }).port;
    try {
      const picked: number[] = [];
      const service = await startService(
        {},
        {
          pickPort: async () => {
            const port = picked.length === 0 ? taken : await findFreePort();
            picked.push(port);
            return port;
          },
        },
      );
      try {
        expect(picked).toHaveLength(2);
        expect(picked[0]).toBe(taken);
        expect(new URL(service.url).port).toBe(String(picked[1]));
        expect([200, 404]).toContain((await service.get('/api/blocks/latest')).status);
        expect((await service.contract.check()).violations).toEqual([]);
      } finally {
        await service.stop();
      }
    } finally {
      holder.close();
    }
  });

  it('holds what the service answered to its document, after the service is gone', async () => {
    const service = await startService({});
    const answer = await service.get('/api/blocks/latest');
    await service.kill();
    expect((await service.contract.check()).checked).toBe(1);
    // The same operation answering a status its document does not list.
    service.contract.record('GET', '/api/blocks/latest', 418, 'application/json', answer.text);
    const report = await service.contract.check();
    expect(report.violations).toHaveLength(1);
    expect(() => report.assertConforms()).toThrow('/api/blocks/latest');
    service.contract.optOut('this test records a violating answer on purpose');
  });
});
