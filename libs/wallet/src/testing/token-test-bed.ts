import type { ChainNode } from '@chainwire/chains';
import { type ChainNodeForCode, startRpcProxy, type RpcProxy } from '@chainwire/chains/testing';
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { deployTokenContracts, type TokenContracts } from '@test/support/token-contracts';
import { startWalletTestApp, type WalletTestApp } from './wallet-test-app';

export interface TokenTestBed {
  readonly anvil: TestAnvil;
  readonly tokens: TokenContracts;
  /** Every JSON-RPC call the app makes to anvil passes here and is counted. */
  readonly proxy: RpcProxy;
  readonly app: WalletTestApp;
  close(): Promise<void>;
}

/**
 * anvil with the token contracts deployed, an RPC-counting proxy in front of it, and the wallet app
 * whose chains `chains(proxyUrl)` names.
 */
export async function startTokenTestBed(
  chains: (proxyUrl: string) => ChainNodeForCode<ChainNode>[],
): Promise<TokenTestBed> {
  const anvil = await startTestAnvil();
  const tokens = await deployTokenContracts(anvil);
  const proxy = await startRpcProxy(anvil.rpcUrl, () => undefined);
  const app = await startWalletTestApp({ chains: chains(proxy.url), rpcTimeoutMs: 2_000 });
  return {
    anvil,
    tokens,
    proxy,
    app,
    async close() {
      await app.close();
      await proxy.close();
      await anvil.stop();
    },
  };
}
