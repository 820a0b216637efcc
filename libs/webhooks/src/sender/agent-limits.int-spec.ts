import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebhookSender } from './webhook-sender';

interface CountingServer {
  url: string;
  open: () => number;
  maxOpen: () => number;
  close: () => Promise<void>;
}

/** A real receiver answering after `delayMs`, counting the connections open to it. */
async function countingServer(
  delayMs: number,
  shared: { open: number; max: number },
): Promise<CountingServer> {
  let open = 0;
  let max = 0;
  const server: Server = createServer((_req, res) => {
    _req.resume();
    setTimeout(() => res.writeHead(204).end(), delayMs);
  });
  server.on('connection', (socket: Socket) => {
    open += 1;
    shared.open += 1;
    max = Math.max(max, open);
    shared.max = Math.max(shared.max, shared.open);
    socket.on('close', () => {
      open -= 1;
      shared.open -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    open: () => open,
    maxOpen: () => max,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('WebhookSender keep-alive connections', () => {
  it('opens at most its per-host and total socket caps, and closes idle sockets', async () => {
    const all = { open: 0, max: 0 };
    const one = await countingServer(50, all);
    const two = await countingServer(50, all);
    const sender = new WebhookSender({
      allowPrivateTargets: true,
      connections: { maxSocketsPerHost: 3, maxSockets: 4, idleTimeoutMs: 300 },
    });
    try {
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          sender.send(i % 2 ? one.url : two.url, { 'content-type': 'application/json' }, '{}'),
        ),
      );
      expect(results.every((r) => r.ok)).toBe(true);
      expect(one.maxOpen()).toBeLessThanOrEqual(3);
      expect(two.maxOpen()).toBeLessThanOrEqual(3);
      expect(all.max).toBeLessThanOrEqual(4);
      expect(all.open).toBeGreaterThan(0);
      // Idle keep-alive sockets are closed by the sender after its idle timeout.
      const deadline = Date.now() + 2_000; // well before the server's own 5 s keep-alive timeout
      while (all.open > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(all.open).toBe(0);
    } finally {
      sender.close();
      await one.close();
      await two.close();
    }
  });
});
