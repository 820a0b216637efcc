import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { erc20Abi, erc20Bytes32MetadataAbi } from '../evm/tokens/erc20-read-abi';
import { bytes32Text, cleanText, type TokenMetadata } from '../evm/tokens/read-token-metadata';
import type { TronHttpClient } from './tron-http-client';
import { triggerConstantContract } from './trigger-constant-contract';

/** The caller of the constant calls: any account will do for views; java-tron's zero address is one. */
const VIEW_CALLER = `41${'0'.repeat(40)}`;

/**
 * A TRC-20's name, symbol and decimals, read with `/wallet/triggerconstantcontract` (three calls at once:
 * java-tron's HTTP API has no multicall), decoded as
 * Solidity returns them (TRON's VM is the EVM's; name and symbol as `string`, else `bytes32`). Null when the
 * address is not a TRC-20: no contract, a call that reverts, or an answer that does not decode.
 */
export async function readTrc20Metadata(
  client: TronHttpClient,
  contractHex: string,
): Promise<TokenMetadata | null> {
  const call = (functionName: 'name' | 'symbol' | 'decimals') =>
    triggerConstantContract(client, {
      ownerAddress: VIEW_CALLER,
      contractAddress: contractHex,
      data: encodeFunctionData({ abi: erc20Abi, functionName }).slice(2),
    });
  const [name, symbol, decimals] = await Promise.all([call('name'), call('symbol'), call('decimals')]);
  if (!name.ok || !symbol.ok || !decimals.ok) return null;
  const nameText = text('name', name.returnData);
  const symbolText = text('symbol', symbol.returnData);
  const places = decode(() =>
    decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: hex(decimals.returnData) }),
  );
  if (nameText === null || symbolText === null || places === null) return null;
  if (!Number.isInteger(places) || places < 0 || places > 255) return null;
  return { name: nameText, symbol: symbolText, decimals: places };
}

function text(functionName: 'name' | 'symbol', data: string | undefined): string | null {
  const asString = decode(() => decodeFunctionResult({ abi: erc20Abi, functionName, data: hex(data) }));
  if (asString !== null) return cleanText(asString);
  const asBytes32 = decode(() =>
    decodeFunctionResult({ abi: erc20Bytes32MetadataAbi, functionName, data: hex(data) }),
  );
  return asBytes32 === null ? null : cleanText(bytes32Text(asBytes32));
}

function hex(data: string | undefined): Hex {
  return `0x${data ?? ''}`;
}

function decode<T>(work: () => T): T | null {
  try {
    return work();
  } catch {
    return null;
  }
}
