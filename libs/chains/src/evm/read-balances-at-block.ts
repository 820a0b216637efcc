import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  hexToBigInt,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';

export interface BalancesAtBlock {
  /** Wei; null when not asked for. */
  readonly native: bigint | null;
  /** `balanceOf(owner)` of each token, in the order asked. */
  readonly tokens: readonly bigint[];
}

/**
 * An address's native balance and token balances at the end of one block, pinned by its hash (EIP-1898,
 * `requireCanonical`: a block a reorg removed is refused rather than read on its old branch). The calls
 * are issued together, so a batching client sends them as one JSON-RPC batch: one round trip. A token
 * without code at that block holds nothing (`0x` answers 0); a call that reverts fails the read.
 */
export async function readBalancesAtBlock(
  client: PublicClient,
  owner: Address,
  tokens: readonly Address[],
  blockHash: Hex,
  options: { native: boolean },
): Promise<BalancesAtBlock> {
  const block = { blockHash, requireCanonical: true };
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const request = client.request as (args: { method: string; params: unknown[] }) => Promise<Hex>;
  const [native, ...answers] = await Promise.all([
    options.native ? request({ method: 'eth_getBalance', params: [owner, block] }) : null,
    ...tokens.map((to) => request({ method: 'eth_call', params: [{ to, data }, block] })),
  ]);
  return {
    native: native === null ? null : hexToBigInt(native),
    tokens: answers.map((answer) =>
      answer === '0x' ? 0n : decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: answer }),
    ),
  };
}
