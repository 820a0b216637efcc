import { erc20Abi, getAddress, type Address, type PublicClient } from 'viem';

/** Native balance in wei at `blockNumber` (default: latest). */
export function getNativeBalance(
  client: PublicClient,
  address: Address,
  blockNumber?: bigint,
): Promise<bigint> {
  return client.getBalance({ address, ...(blockNumber === undefined ? {} : { blockNumber }) });
}

/** ERC-20 `balanceOf` at `blockNumber` (default: latest). */
export function getErc20Balance(
  client: PublicClient,
  token: Address,
  owner: Address,
  blockNumber?: bigint,
): Promise<bigint> {
  return client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  });
}

/** eth_accounts: the node's unlocked accounts (anvil's prefunded dev accounts), checksummed. */
export async function getNodeAccounts(client: PublicClient): Promise<Address[]> {
  const accounts = (await client.request({ method: 'eth_accounts' } as never)) as Address[] | null;
  return (accounts ?? []).map((a) => getAddress(a));
}
