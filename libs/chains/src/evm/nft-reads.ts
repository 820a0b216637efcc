import { parseAbi, type Address, type PublicClient } from 'viem';
import { ChainUnavailableError, unavailableOr } from './transactions/tx-errors';

export type NftStandard = 'ERC721' | 'ERC1155';

const NFT_ABI = parseAbi([
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function uri(uint256 id) view returns (string)',
]);

/** ERC-165 interface ids (EIP-721, EIP-1155). */
const INTERFACE_IDS: readonly [NftStandard, `0x${string}`][] = [
  ['ERC721', '0x80ac58cd'],
  ['ERC1155', '0xd9b67a26'],
];

type NftFunction = 'supportsInterface' | 'name' | 'symbol' | 'ownerOf' | 'tokenURI' | 'uri';

/**
 * A view call whose refusal is an answer: null when the contract reverts or returns nothing (not a
 * contract, not the interface, no such token); a node that cannot be reached throws ChainUnavailableError.
 */
async function viewOrNull<T>(
  client: PublicClient,
  address: Address,
  functionName: NftFunction,
  args: readonly unknown[] = [],
): Promise<T | null> {
  try {
    return (await client.readContract({ address, abi: NFT_ABI, functionName, args } as never)) as T;
  } catch (error) {
    const mapped = unavailableOr(error);
    if (mapped instanceof ChainUnavailableError) throw mapped;
    return null;
  }
}

/** The NFT standard a contract declares through ERC-165, or null (not a contract, or neither standard). */
export async function detectNftStandard(
  client: PublicClient,
  contract: Address,
): Promise<NftStandard | null> {
  const answers = await Promise.all(
    INTERFACE_IDS.map(([, id]) => viewOrNull<boolean>(client, contract, 'supportsInterface', [id])),
  );
  const index = answers.findIndex((yes) => yes === true);
  return index === -1 ? null : INTERFACE_IDS[index][0];
}

/** ERC-721 metadata `name()` and `symbol()` of each contract (null where absent, as ERC-1155 has none). */
export function readNftCollectionNames(
  client: PublicClient,
  contracts: readonly Address[],
): Promise<{ name: string | null; symbol: string | null }[]> {
  // Issued in one tick, so the transport sends them as one JSON-RPC batch.
  return Promise.all(
    contracts.map(async (contract) => {
      const [name, symbol] = await Promise.all([
        viewOrNull<string>(client, contract, 'name'),
        viewOrNull<string>(client, contract, 'symbol'),
      ]);
      return { name, symbol };
    }),
  );
}

/** ERC-721: the token's owner (null when it does not exist) and its `tokenURI` (null when the call fails). */
export async function readErc721Token(
  client: PublicClient,
  contract: Address,
  tokenId: bigint,
): Promise<{ owner: Address | null; uri: string | null }> {
  const [owner, uri] = await Promise.all([
    viewOrNull<Address>(client, contract, 'ownerOf', [tokenId]),
    viewOrNull<string>(client, contract, 'tokenURI', [tokenId]),
  ]);
  return { owner, uri };
}

/**
 * ERC-1155: the token's `uri(id)` with every `{id}` replaced by the id as 64 lower-case hex digits
 * (EIP-1155 metadata); null when the call fails.
 */
export async function readErc1155Uri(
  client: PublicClient,
  contract: Address,
  tokenId: bigint,
): Promise<string | null> {
  const template = await viewOrNull<string>(client, contract, 'uri', [tokenId]);
  return template === null ? null : template.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));
}
