import { createPublicClient, createWalletClient, defineChain, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** A public client and a wallet client of one dev account for a dev chain, for deployments at start. */
export function devChainClients(rpcUrl: string, chainId: number, privateKey: Hex) {
  const chain = defineChain({
    id: chainId,
    name: 'dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  return {
    publicClient: createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 }),
    wallet: createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(privateKey) }),
  };
}
