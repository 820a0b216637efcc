import type { RecordedEvent } from '@chainwire/event-store';
import { isTransferEvent, TRANSFER_REVERTED } from '@chainwire/chain-events';

/** Balances per `${asset}|${address}` (lower case) and NFT owners per `${token}|${tokenId}`, as a projection folds them. */
export interface Folded {
  balances: Map<string, bigint>;
  owners: Map<string, string>;
}

export function foldTransfers(events: readonly RecordedEvent[]): Folded {
  const balances = new Map<string, bigint>();
  const owners = new Map<string, string>();
  const add = (asset: string, address: string | null, amount: bigint) => {
    if (address === null) return;
    const key = `${asset.toLowerCase()}|${address.toLowerCase()}`;
    balances.set(key, (balances.get(key) ?? 0n) + amount);
  };
  for (const event of events) {
    if (!isTransferEvent(event)) continue;
    const t = event.data;
    const reverted = event.type === TRANSFER_REVERTED;
    if (t.kind === 'erc721') {
      owners.set(`${t.asset.toLowerCase()}|${t.tokenId}`, (reverted ? t.from : t.to)!.toLowerCase());
      continue;
    }
    if (t.kind === 'erc1155') continue;
    const amount = BigInt(t.amount) * (reverted ? -1n : 1n);
    add(t.asset, t.from, -amount);
    add(t.asset, t.to, amount);
  }
  return { balances, owners };
}
