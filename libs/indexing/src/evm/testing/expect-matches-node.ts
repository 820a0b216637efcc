import { erc20Abi, erc721Abi, getAddress, zeroAddress, type Address } from 'viem';
import type { RecordedEvent } from '@chainwire/event-store';
import type { TestAnvil } from '@test/support/anvil';
import { isTransferObserved } from '@chainwire/chain-events';
import { foldTransfers } from './fold-transfers';

/**
 * Folds the stream's transfers and reads every touched (address, asset) from the node at `block`:
 * native balances (the zero address and the coinbase included) and ERC-20 balances must be equal,
 * and every NFT's owner too. Returns how many balances were compared.
 */
export async function expectFoldMatchesNode(
  anvil: TestAnvil,
  events: readonly RecordedEvent[],
  block: bigint,
): Promise<number> {
  const { balances, owners } = foldTransfers(events);
  const touched = new Set<string>();
  const erc20 = new Set<string>();
  for (const event of events) {
    if (!isTransferObserved(event)) continue;
    const t = event.data;
    if (t.kind === 'erc721' || t.kind === 'erc1155') continue; // no balanceOf(address) to compare
    for (const address of [t.from, t.to])
      if (address) touched.add(`${t.asset.toLowerCase()}|${address.toLowerCase()}`);
    if (t.kind === 'erc20') erc20.add(t.asset.toLowerCase());
  }
  const mismatches: string[] = [];
  for (const key of touched) {
    const [asset, address] = key.split('|') as [string, Address];
    if (asset !== 'native' && address === zeroAddress) continue; // mints debit the zero address in the fold only
    const actual =
      asset === 'native'
        ? await anvil.publicClient.getBalance({ address, blockNumber: block })
        : await anvil.publicClient.readContract({
            address: getAddress(asset),
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address],
            blockNumber: block,
          });
    const folded = balances.get(key) ?? 0n;
    if (folded !== actual) mismatches.push(`${key}: folded ${folded}, node ${actual}`);
  }
  for (const [key, owner] of owners) {
    const [token, tokenId] = key.split('|');
    if (owner === zeroAddress) continue;
    const actual = await anvil.publicClient.readContract({
      address: getAddress(token),
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [BigInt(tokenId)],
      blockNumber: block,
    });
    if (actual.toLowerCase() !== owner) mismatches.push(`${key}: folded owner ${owner}, node ${actual}`);
  }
  expect(mismatches).toEqual([]);
  return touched.size;
}
