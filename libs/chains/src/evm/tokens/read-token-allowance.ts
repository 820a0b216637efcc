import type { Address, PublicClient } from 'viem';
import { erc20Abi } from './erc20-read-abi';
import { throwIfUnavailable } from './multicall-failure';

/**
 * `allowance(owner, spender)` of an ERC-20, with `decimals()` in the same `eth_call` (deployless
 * multicall) as the proof that the contract is a token: null when either is missing or undecodable
 * (no code, an ERC-721). A transport failure throws ChainUnavailableError.
 */
export async function readTokenAllowance(
  client: PublicClient,
  token: Address,
  owner: Address,
  spender: Address,
): Promise<bigint | null> {
  const results = await client.multicall({
    deployless: true,
    allowFailure: true,
    contracts: [
      { address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] },
      { address: token, abi: erc20Abi, functionName: 'decimals' },
    ],
  });
  throwIfUnavailable(results);
  const [allowance, decimals] = results;
  return allowance.status === 'success' && decimals.status === 'success' ? allowance.result : null;
}
