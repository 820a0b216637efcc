import { readFileSync } from 'node:fs';
import { loadConfig } from '@chainwire/core';
import {
  chainTier,
  loadChainRegistry,
  REGISTRY_PATH,
  registryFamilies,
  TIER_1_CHAINS,
} from './chain-registry';

describe('loadChainRegistry', () => {
  const chains = loadChainRegistry();
  const byId = new Map(chains.map((c) => [c.id, c]));
  const raw = JSON.parse(readFileSync(REGISTRY_PATH, 'utf8')) as {
    id: string;
    slip44?: number;
    coinId: number;
  }[];

  it('has every registry entry once', () => {
    expect(chains).toHaveLength(167);
    expect(byId.size).toBe(167);
    expect(chains.filter((c) => c.chainId !== null)).toHaveLength(99);
  });

  it('takes slipId from slip44 when present, else from coinId', () => {
    expect(byId.get('smartchain')).toMatchObject({ slipId: 714, chainId: '56' });
    expect(byId.get('arbitrum')).toMatchObject({ slipId: 60, chainId: '42161' });
    expect(byId.get('avalanchec')).toMatchObject({ slipId: 10009000, chainId: '43114' });
    for (const entry of raw) expect(byId.get(entry.id)?.slipId).toBe(entry.slip44 ?? entry.coinId);
  });

  it('maps the known entries', () => {
    expect(byId.get('ethereum')).toEqual({
      id: 'ethereum',
      name: 'Ethereum',
      symbol: 'ETH',
      decimals: 18,
      family: 'Ethereum',
      chainId: '1',
      slipId: 60,
      explorerUrl: 'https://etherscan.io',
      curve: 'secp256k1',
      publicKeyType: 'secp256k1Extended',
      explorerTxPath: '/tx/',
      explorerAccountPath: '/address/',
      infoUrl: 'https://ethereum.org',
      infoSource: 'https://github.com/ethereum/go-ethereum',
      infoRpc: 'https://mainnet.infura.io',
      infoDocumentation: 'https://eth.wiki/json-rpc/API',
    });
    // An empty string in the registry (bitcoin's rpc) is stored as null.
    expect(byId.get('bitcoin')).toMatchObject({ infoRpc: null, infoUrl: 'https://bitcoin.org' });
    expect(byId.get('tron')).toMatchObject({
      symbol: 'TRX',
      decimals: 6,
      family: 'Tron',
      chainId: null,
      slipId: 195,
    });
    expect(byId.get('bitcoin')).toMatchObject({ symbol: 'BTC', decimals: 8, family: 'Bitcoin', slipId: 0 });
    expect(byId.get('polygon')).toMatchObject({ symbol: 'POL', chainId: '137', family: 'Ethereum' });
  });

  it('returns a copy whose entries cannot be changed', () => {
    const first = loadChainRegistry();
    first.pop();
    expect(loadChainRegistry()).toHaveLength(167);
    expect(Object.isFrozen(first[0])).toBe(true);
  });

  it('puts the nine main chains in tier 1 and every other in tier 2', () => {
    expect(TIER_1_CHAINS.every((id) => byId.has(id))).toBe(true);
    expect(chains.filter((c) => chainTier(c.id) === 1)).toHaveLength(9);
    expect(chainTier('solana')).toBe(2);
  });
});

describe('registryFamilies', () => {
  const load = (env: Record<string, string>) =>
    loadConfig(env, { families: registryFamilies(), cwd: '/srv/app' });

  it('lets configuration check EVM_CHAINS against the registry file', () => {
    expect(load({ EVM_CHAINS: 'polygon', POLYGON_RPC_URL: 'https://p' }).chains.map((c) => c.id)).toEqual([
      'ethereum',
      'polygon',
    ]);
    expect(() => load({ EVM_CHAINS: 'bitcoin' })).toThrow(/bitcoin is not an EVM chain \(family Bitcoin\)/);
    expect(() => load({ EVM_CHAINS: 'dogecoinz' })).toThrow(/unknown registry chain id "dogecoinz"/);
  });
});
