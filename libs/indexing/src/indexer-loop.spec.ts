import { HttpRequestError, LimitExceededRpcError, RpcRequestError, TimeoutError } from 'viem';
import { NonRetryableError } from '@chainwire/core';
import { IndexerLoop } from './indexer-loop';

/**
 * Which failures the indexer loop logs quietly and which at error level (docs/architecture.md §6): a node
 * that rate-limits or times out is transient, whatever words it uses; a misconfiguration needs a person.
 */
describe('IndexerLoop failure logging', () => {
  async function failOnce(error: Error): Promise<{ log: string[]; logError: string[] }> {
    const log: string[] = [];
    const logError: string[] = [];
    let rounds = 0;
    let loop: IndexerLoop;
    const secondRound = new Promise<void>((resolve) => {
      loop = new IndexerLoop({
        chain: 'ethereum',
        pollIntervalMs: 60_000,
        round: async () => {
          rounds += 1;
          if (rounds === 1) throw error;
          resolve();
        },
        log: (m) => log.push(m),
        logError: (m) => logError.push(m),
      });
    });
    loop!.start();
    await secondRound;
    await loop!.stop();
    return { log, logError };
  }

  const url = 'https://mainnet.example/v3/secret-key';
  it.each<[string, Error]>([
    ['a JSON-RPC rate limit (-32005)', new LimitExceededRpcError(new Error('daily request count exceeded'))],
    [
      'a provider limit inside an RPC error body',
      new RpcRequestError({
        body: { method: 'eth_getLogs' },
        url,
        error: { code: -32005, message: 'slow down' },
      }),
    ],
    ['a viem timeout', new TimeoutError({ body: { method: 'eth_blockNumber' }, url })],
    ['an HTTP 429', new HttpRequestError({ url, status: 429 })],
    ['a request that got no answer', new HttpRequestError({ url, cause: new Error('other side closed') })],
  ])('logs %s as a transient failure, never at error level', async (_, error) => {
    const { log, logError } = await failOnce(error);
    expect(logError).toEqual([]);
    expect(log).toEqual([
      expect.stringMatching(/^indexer ethereum: [\s\S]*; retrying in 250 ms$/),
      'indexer ethereum: recovered',
    ]);
    expect(log.join('\n')).not.toContain('secret-key');
  });

  it('logs a failure that needs a person at error level', async () => {
    const { logError } = await failOnce(new NonRetryableError('start block 900 is beyond the node head 12'));
    expect(logError).toEqual([
      expect.stringMatching(/start block 900 is beyond the node head 12; retrying in 250 ms/),
    ]);
  });
});
