import type { Address } from 'viem';
import { ChainCapabilities } from '@chainwire/chains';
import { startRpcProxy, type RpcProxy } from '@chainwire/chains/testing';
import { DEFAULT_IPFS_GATEWAY_URL, DEFAULT_NFT_METADATA_SETTINGS } from '@chainwire/core';
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { NftChainReader } from './nft-chain-reader';

describe('NftChainReader', () => {
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

  const reader = (rpcBatchSize: number) =>
    new NftChainReader(
      {
        chains: [{ id: 'ethereum', rpcUrl: proxy.url, rpcBatchSize }],
        ...DEFAULT_NFT_METADATA_SETTINGS,
        ipfsGatewayUrl: DEFAULT_IPFS_GATEWAY_URL,
      },
      new ChainCapabilities(),
    );

  it("sends the chain's reads in JSON-RPC batches of its configured size", async () => {
    const contracts = [1, 2, 3].map((n) => `0x${n.toString(16).padStart(40, '0')}` as Address);
    const nft = reader(2);
    proxy.requests.length = 0;

    const names = await nft.collectionNames('ethereum', contracts);

    expect(names).toEqual(contracts.map(() => ({ name: null, symbol: null })));
    // name() and symbol() of three contracts, issued in one tick: three requests of two calls.
    expect(proxy.requests.map((calls) => calls.length)).toEqual([2, 2, 2]);
    await nft.onApplicationShutdown();
  });

  it('serves only the chains with a node', () => {
    const capabilities = new ChainCapabilities();
    const nft = new NftChainReader(
      {
        chains: [
          { id: 'ethereum', rpcUrl: proxy.url, rpcBatchSize: 20 },
          { id: 'polygon', rpcBatchSize: 20 },
        ],
        ...DEFAULT_NFT_METADATA_SETTINGS,
        ipfsGatewayUrl: DEFAULT_IPFS_GATEWAY_URL,
      },
      capabilities,
    );
    expect([nft.serves('ethereum'), nft.serves('polygon'), nft.serves('base')]).toEqual([true, false, false]);
    expect(capabilities.forChain('ethereum').nfts).toBe(true);
    expect(capabilities.forChain('polygon').nfts).toBe(false);
  });
});
