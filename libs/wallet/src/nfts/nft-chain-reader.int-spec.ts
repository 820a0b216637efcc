import type { Address } from 'viem';
import { ChainCapabilities, type ChainNode } from '@chainwire/chains';
import { startRpcProxy } from '@chainwire/chains/testing';
import { DEFAULT_IPFS_GATEWAY_URL, DEFAULT_NFT_METADATA_SETTINGS } from '@chainwire/core';
import { startTestAnvil } from '@test/support/anvil';
import { NftChainReader } from './nft-chain-reader';

const readerOf = (chains: ChainNode[], capabilities = new ChainCapabilities()) =>
  new NftChainReader(
    { chains, ...DEFAULT_NFT_METADATA_SETTINGS, ipfsGatewayUrl: DEFAULT_IPFS_GATEWAY_URL },
    capabilities,
  );

describe('NftChainReader', () => {
  it("sends the chain's reads in JSON-RPC batches of its configured size", async () => {
    const anvil = await startTestAnvil();
    const proxy = await startRpcProxy(anvil.rpcUrl, () => undefined);
    const reader = readerOf([{ id: 'ethereum', rpcUrl: proxy.url, rpcBatchSize: 2 }]);
    try {
      const contracts = [1, 2, 3].map((n) => `0x${n.toString(16).padStart(40, '0')}` as Address);
      const names = await reader.collectionNames('ethereum', contracts);

      expect(names).toEqual(contracts.map(() => ({ name: null, symbol: null })));
      // name() and symbol() of three contracts, issued in one tick: three requests of two calls.
      expect(proxy.requests.map((calls) => calls.length)).toEqual([2, 2, 2]);
    } finally {
      await reader.onApplicationShutdown();
      await proxy.close();
      await anvil.stop();
    }
  });

  it('serves only the chains with a node', () => {
    const capabilities = new ChainCapabilities();
    const reader = readerOf(
      [
        { id: 'ethereum', rpcUrl: 'http://127.0.0.1:1', rpcBatchSize: 20 },
        { id: 'polygon', rpcBatchSize: 20 },
      ],
      capabilities,
    );
    expect(['ethereum', 'polygon', 'base'].map((chain) => reader.serves(chain))).toEqual([
      true,
      false,
      false,
    ]);
    expect(capabilities.forChain('ethereum').nfts).toBe(true);
    expect(capabilities.forChain('polygon').nfts).toBe(false);
  });
});
