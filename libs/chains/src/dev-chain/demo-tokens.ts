import { parseUnits, type Hex, type PublicClient } from 'viem';
import { devChainClients } from './dev-clients';
import type { DevAccount } from './dev-accounts';
import { demoTokenAbi, demoTokenBytecode } from './demo-token/demo-token.artifact';
import { waitForReceipt } from './wait-for-receipt';

export interface DemoToken {
  address: `0x${string}`;
  symbol: string;
  name: string;
  decimals: number;
}

export type DemoTokenSpec = Omit<DemoToken, 'address'>;

/** Stand-ins for the stablecoins wallets show first; 6 decimals like the real ones. */
export const DEFAULT_DEMO_TOKENS: readonly DemoTokenSpec[] = [
  { name: 'Demo Tether USD', symbol: 'dUSDT', decimals: 6 },
  { name: 'Demo USD Coin', symbol: 'dUSDC', decimals: 6 },
];

/** Whole tokens minted to every dev account at deployment. */
export const DEMO_TOKEN_GRANT = '1000000';

/**
 * Deploys each token (DemoToken: OpenZeppelin's ERC20PresetMinterPauser with chosen decimals) from
 * the first account, which keeps the minter role, and mints DEMO_TOKEN_GRANT to every account.
 */
export async function deployDemoTokens(
  rpcUrl: string,
  chainId: number,
  accounts: readonly DevAccount[],
  specs: readonly DemoTokenSpec[] = DEFAULT_DEMO_TOKENS,
): Promise<DemoToken[]> {
  const { publicClient, wallet } = devChainClients(rpcUrl, chainId, accounts[0].privateKey);

  const tokens: DemoToken[] = [];
  for (const spec of specs) {
    const hash = await wallet.deployContract({
      abi: demoTokenAbi,
      bytecode: demoTokenBytecode,
      args: [spec.name, spec.symbol, spec.decimals],
    });
    const receipt = await waitForReceipt(publicClient, hash);
    if (receipt.status !== 'success' || !receipt.contractAddress)
      throw new Error(`deploying ${spec.symbol} failed`);
    tokens.push({ ...spec, address: receipt.contractAddress });
  }

  const mints: Hex[] = [];
  for (const token of tokens) {
    for (const account of accounts) {
      mints.push(
        await wallet.writeContract({
          address: token.address,
          abi: demoTokenAbi,
          functionName: 'mint',
          args: [account.address, parseUnits(DEMO_TOKEN_GRANT, token.decimals)],
        }),
      );
    }
  }
  for (const hash of mints) {
    const receipt = await waitForReceipt(publicClient, hash);
    if (receipt.status !== 'success') throw new Error(`minting demo tokens failed in ${hash}`);
  }
  return tokens;
}

/** True when every contract (a token, a price feed) still has code: a dev chain whose state was lost needs them deployed again. */
export async function demoTokensDeployed(
  publicClient: PublicClient,
  tokens: readonly { address: Hex }[],
): Promise<boolean> {
  if (tokens.length === 0) return false;
  for (const token of tokens) {
    const code = await publicClient.getCode({ address: token.address });
    if (!code || code === '0x') return false;
  }
  return true;
}
