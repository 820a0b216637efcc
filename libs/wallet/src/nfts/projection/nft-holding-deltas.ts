import type { RecordedEvent } from '@chainwire/event-store';
import { TRANSFER_OBSERVED, isTransferEvent, type TransferKind } from '@chainwire/chain-events';
import { normaliseAddress } from '@chainwire/core';

export type NftStandard = 'ERC721' | 'ERC1155';

/** The NFT standard of a transfer kind; null for kinds that move no NFT. */
export const NFT_STANDARD_OF: Partial<Record<TransferKind, NftStandard>> = {
  erc721: 'ERC721',
  erc1155: 'ERC1155',
};

/** A net change of one nft_holdings row. */
export interface NftHoldingDelta {
  readonly chain: string;
  /** Lower-case. */
  readonly contract: string;
  /** uint256 as a decimal string. */
  readonly tokenId: string;
  /** Lower-case. */
  readonly owner: string;
  readonly standard: NftStandard;
  readonly amount: bigint;
}

/** Mints come from and burns go to the zero address: the token's source and sink, not a holder. */
const MINT_BURN_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * Sums a batch's NFT transfers into one delta per (chain, contract, tokenId, owner): TransferObserved
 * moves `amount` from `from` to `to`, TransferReverted back. Keys netting zero are kept, so a replay
 * touches the same rows as the incremental run, whatever the batch boundaries (as balances do, §5).
 * Throws on a malformed amount or token id rather than skipping the event.
 */
export function aggregateNftHoldingDeltas(events: readonly RecordedEvent[]): NftHoldingDelta[] {
  const sums = new Map<string, { -readonly [K in keyof NftHoldingDelta]: NftHoldingDelta[K] }>();
  for (const event of events) {
    if (!isTransferEvent(event)) continue;
    const data = event.data;
    const standard = NFT_STANDARD_OF[data.kind];
    if (!standard) continue;
    const amount =
      decimalInteger(data.amount, 'amount', event.id) * (event.type === TRANSFER_OBSERVED ? 1n : -1n);
    const tokenId = decimalInteger(data.tokenId, 'tokenId', event.id).toString();
    const contract = normaliseAddress(data.asset);
    const move = (party: string | null, delta: bigint) => {
      if (party === null) return;
      const owner = normaliseAddress(party);
      if (owner === MINT_BURN_ADDRESS) return;
      const key = `${data.chain}\u0000${contract}\u0000${tokenId}\u0000${owner}`;
      const entry = sums.get(key);
      if (entry) entry.amount += delta;
      else sums.set(key, { chain: data.chain, contract, tokenId, owner, standard, amount: delta });
    };
    move(data.from, -amount);
    move(data.to, amount);
  }
  return [...sums.values()];
}

function decimalInteger(value: string | undefined, field: string, eventId: string): bigint {
  if (typeof value !== 'string' || !/^[0-9]+$/.test(value)) {
    throw new Error(
      `Event ${eventId}: ${field} must be a decimal integer string, got ${JSON.stringify(value)}`,
    );
  }
  return BigInt(value);
}
