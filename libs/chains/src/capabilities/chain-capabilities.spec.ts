import { ChainCapabilities } from './chain-capabilities';

describe('ChainCapabilities', () => {
  it('reports every feature, false unless a registered provider serves the chain', () => {
    const capabilities = new ChainCapabilities();
    expect(capabilities.forChain('ethereum')).toEqual({
      indexed: false,
      prices: false,
      swaps: false,
      names: false,
      nfts: false,
      staking: false,
      transactions: false,
    });
    capabilities.register({ feature: 'indexed', serves: (c) => c === 'ethereum' });
    capabilities.register({ feature: 'names', serves: () => false });
    capabilities.register({ feature: 'names', serves: (c) => c === 'ethereum' });
    expect(capabilities.forChain('ethereum')).toMatchObject({ indexed: true, names: true, prices: false });
    expect(capabilities.forChain('polygon')).toMatchObject({ indexed: false, names: false });
  });
});
