import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { tronHex } from './tron-address';
import { TronNodeError, type TronHttpClient } from './tron-http-client';

/**
 * A TRC-20's `balanceOf(owner)` at the solidified block (`/walletsolidity/triggerconstantcontract`),
 * the same state `getSolidifiedAccount` reads. Base58 addresses. A contract the call finds nothing at
 * answers 0; a revert is a node error.
 */
export async function readTrc20Balance(
  client: TronHttpClient,
  contract: string,
  owner: string,
): Promise<bigint> {
  const path = '/walletsolidity/triggerconstantcontract';
  const answer = await client.post<{
    result?: { result?: boolean; message?: string };
    constant_result?: string[];
    transaction?: { ret?: { ret?: string }[] };
  }>(path, {
    owner_address: tronHex(owner),
    contract_address: tronHex(contract),
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [`0x${tronHex(owner).slice(2)}`],
    }).slice(2),
    visible: false,
  });
  const reverted = answer.transaction?.ret?.some((r) => r.ret === 'REVERT') ?? false;
  if (answer.result?.result !== true || reverted)
    throw new TronNodeError(path, `balanceOf of ${contract} failed`);
  const data = answer.constant_result?.[0] ?? '';
  if (data === '') return 0n;
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: `0x${data}` as Hex });
}
