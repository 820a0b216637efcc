import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { EvmReadClients } from './evm-read-clients';
import { CHAIN_NODE_SETTINGS_FOR_CODE } from './testing/adapter-settings-for-code';
import { startRpcProxy, type RpcProxy } from './testing/rpc-proxy';

describe('EvmReadClients against anvil', () => {
  let anvil: TestAnvil;
  let proxy: RpcProxy;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    proxy = await startRpcProxy(anvil.rpcUrl, () => undefined);
  });
  afterAll(async () => {
    await proxy?.close();
    await anvil?.stop();
  });

  /** Five balance reads issued in one tick: how many calls each HTTP request carried. */
  const requestSizes = async (clients: EvmReadClients, chain: string) => {
    const since = proxy.requests.length;
    const client = clients.client(chain)!;
    const balances = await Promise.all(
      anvil.accounts.slice(0, 5).map(({ address }) => client.getBalance({ address })),
    );
    expect(balances.every((b) => b > 0n)).toBe(true);
    return proxy.requests.slice(since).map((calls) => calls.length);
  };

  it("batches a chain's calls as its node is configured: by default, in one request", async () => {
    const clients = new EvmReadClients([
      { id: 'default', rpcUrl: proxy.url, ...CHAIN_NODE_SETTINGS_FOR_CODE },
      { id: 'small', rpcUrl: proxy.url, rpcBatchSize: 2 },
      { id: 'unbatched', rpcUrl: proxy.url, rpcBatchSize: 0 },
    ]);
    expect(await requestSizes(clients, 'default')).toEqual([5]);
    expect((await requestSizes(clients, 'small')).sort()).toEqual([1, 2, 2]);
    expect(await requestSizes(clients, 'unbatched')).toEqual([1, 1, 1, 1, 1]);
  });

  it('reads over a ws:// URL, as the indexer follows newHeads on it', async () => {
    const clients = new EvmReadClients([
      { id: 'socket', rpcUrl: anvil.rpcUrl.replace(/^http/, 'ws'), ...CHAIN_NODE_SETTINGS_FOR_CODE },
    ]);
    const { address } = anvil.accounts[0];
    try {
      expect(await clients.client('socket')!.getBalance({ address })).toBe(
        await anvil.publicClient.getBalance({ address }),
      );
    } finally {
      await clients.close(); // else its socket keeps the process alive
    }
  });
});
