import { hexToString, type Address, type Hex, type PublicClient } from 'viem';
import { erc20Abi, erc20Bytes32MetadataAbi } from './erc20-read-abi';
import { throwIfUnavailable } from './multicall-failure';

export interface TokenMetadata {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}

const MAX_TEXT_LENGTH = 200;
// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * An ERC-20's name, symbol and decimals in one `eth_call` (viem's deployless multicall, so no Multicall3
 * deployment is needed on the chain). name and symbol are asked twice in the same call, once as
 * `string` and once as `bytes32` (MKR-style tokens), and the `string` answer wins when both decode.
 * Null when the address is not an ERC-20: no code, or any of the three missing or undecodable (an
 * ERC-721 has name and symbol but no decimals). A transport failure throws ChainUnavailableError.
 */
export async function readTokenMetadata(client: PublicClient, token: Address): Promise<TokenMetadata | null> {
  const results = await client.multicall({
    deployless: true,
    allowFailure: true,
    contracts: [
      { address: token, abi: erc20Abi, functionName: 'name' },
      { address: token, abi: erc20Bytes32MetadataAbi, functionName: 'name' },
      { address: token, abi: erc20Abi, functionName: 'symbol' },
      { address: token, abi: erc20Bytes32MetadataAbi, functionName: 'symbol' },
      { address: token, abi: erc20Abi, functionName: 'decimals' },
    ],
  });
  throwIfUnavailable(results);
  const [name, nameBytes32, symbol, symbolBytes32, decimals] = results;
  const text = (asString: typeof name, asBytes32: typeof nameBytes32): string | null => {
    if (asString.status === 'success') return cleanText(asString.result);
    if (asBytes32.status === 'success') return cleanText(bytes32Text(asBytes32.result));
    return null;
  };
  const nameText = text(name, nameBytes32);
  const symbolText = text(symbol, symbolBytes32);
  if (nameText === null || symbolText === null || decimals.status !== 'success') return null;
  // uint8 on the wire; tokens declaring uint256 (MKR) decode too, so the range is checked here.
  if (!Number.isInteger(decimals.result) || decimals.result < 0 || decimals.result > 255) return null;
  return { name: nameText, symbol: symbolText, decimals: decimals.result };
}

/** A `bytes32` string: UTF-8 up to the first NUL. */
export function bytes32Text(value: Hex): string {
  return hexToString(value, { size: 32 }).split('\0')[0]!;
}

/** Contract-chosen text goes to clients and the registry: control characters dropped, length bounded. */
export function cleanText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '').trim().slice(0, MAX_TEXT_LENGTH);
}
