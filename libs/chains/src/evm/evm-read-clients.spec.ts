import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EvmReadClients } from './evm-read-clients';
import { CHAIN_NODE_SETTINGS_FOR_CODE } from './testing/adapter-settings-for-code';

/**
 * A JSON-RPC endpoint that records the shape of every request body (one call, or a batch of how many)
 * and answers each call with a result of its method's type.
 */
async function recordingNode(): Promise<{ url: string; bodies: (number | 'single')[]; server: Server }> {
  const bodies: (number | 'single')[] = [];
  const answer = (call: { id: number; method: string }) => ({
    jsonrpc: '2.0',
    id: call.id,
    result: call.method === 'eth_sendRawTransaction' ? `0x${'ab'.repeat(32)}` : '0x1',
  });
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(text) as { id: number; method: string } | { id: number; method: string }[];
      bodies.push(Array.isArray(body) ? body.length : 'single');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, server };
}

describe('EvmReadClients', () => {
  it('batches reads issued together, and sends every broadcast on its own', async () => {
    const node = await recordingNode();
    try {
      const clients = new EvmReadClients([
        { id: 'ethereum', rpcUrl: node.url, ...CHAIN_NODE_SETTINGS_FOR_CODE },
      ]);
      const reads = clients.client('ethereum')!;
      await Promise.all([reads.getBlockNumber(), reads.getChainId(), reads.getGasPrice()]);
      expect(node.bodies).toEqual([3]);

      const broadcasts = clients.broadcastClient('ethereum')!;
      const signed = ['0x01', '0x02', '0x03'] as const;
      await Promise.all(signed.map((tx) => broadcasts.sendRawTransaction({ serializedTransaction: tx })));
      expect(node.bodies).toEqual([3, 'single', 'single', 'single']);
      expect(clients.broadcastClient('ethereum')).toBe(broadcasts);
      expect(clients.broadcastClient('polygon')).toBeUndefined();
    } finally {
      node.server.close();
    }
  });
});
