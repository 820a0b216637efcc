import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChainUnavailableError } from '../evm/transactions/tx-errors';
import { getLatestBlockhash } from './get-latest-blockhash';
import { parseSolanaAddress } from './solana-address';
import { createSolanaConnection } from './solana-connection';

describe('Solana node calls', () => {
  it('turn an HTTP 429 and a JSON-RPC error (an unhealthy node) into ChainUnavailableError', async () => {
    let answer: { status: number; body: string } = { status: 429, body: 'Too Many Requests' };
    const server = createServer((_req, res) => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const connection = createSolanaConnection({ url: `http://127.0.0.1:${port}`, timeoutMs: 2000 });
      await expect(getLatestBlockhash(connection)).rejects.toThrow(ChainUnavailableError);
      answer = {
        status: 200,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: '1',
          error: { code: -32005, message: 'Node is unhealthy' },
        }),
      };
      // The message is a 503's public one: fixed words; the node's own stay in the cause, for the log.
      const unhealthy = await getLatestBlockhash(connection).catch((error: unknown) => error);
      expect(unhealthy).toBeInstanceOf(ChainUnavailableError);
      expect((unhealthy as Error).message).toMatch(/^The Solana node failed getLatestBlockhash: /);
      expect((unhealthy as Error).message).not.toMatch(/unhealthy/i);
      expect(String((unhealthy as Error).cause)).toMatch(/unhealthy/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('take only canonical base58 addresses of 32 bytes', () => {
    expect(parseSolanaAddress('11111111111111111111111111111111')?.toBase58()).toBe(
      '11111111111111111111111111111111',
    );
    expect(parseSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBeDefined();
    expect(parseSolanaAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBeUndefined();
    expect(parseSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0')).toBeUndefined(); // 0 is not base58
    expect(parseSolanaAddress('1111111111111111111111111111111')).toBeUndefined(); // 31 bytes
    expect(parseSolanaAddress('4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM')).toBeDefined();
  });
});
