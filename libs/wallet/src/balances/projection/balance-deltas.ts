import type { RecordedEvent } from '@chainwire/event-store';
import {
  TRANSFER_OBSERVED,
  isTransferEvent,
  type TransferKind,
  type TransferObservedData,
} from '@chainwire/chain-events';
// Same rule as the asset registry (hex lower-case, base58 as-is), so balances join assets.
import { normaliseAddress } from '@chainwire/core';

/** A net change of one balance row. */
export interface BalanceDelta {
  readonly chain: string;
  /** Stored form: lower-case hex, base58 as-is. */
  readonly address: string;
  /** 'native' or the token contract in stored form. */
  readonly asset: string;
  readonly amount: bigint;
  /** The newest block among the transfers summed (a revert counts as its block's). */
  readonly lastBlock: number;
}

export const NATIVE_ASSET = 'native';

/**
 * Token Transfer logs name the zero address as `from` on a mint and `to` on a burn: it is the
 * token's source and sink, not a holder, so no token balance is kept for it. (Native transfers
 * to the zero address are real: ether sent there stays there.)
 */
const TOKEN_MINT_BURN_ADDRESSES: ReadonlySet<string> = new Set([
  '0x0000000000000000000000000000000000000000',
  // Tron's zero address (41 + 20 zero bytes) in base58: TRC-20 mints and burns.
  'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
]);

/** Kinds that move the chain's own coin; erc721 moves ownership, not a balance. */
const NATIVE_KINDS: ReadonlySet<TransferKind> = new Set([
  'native',
  'internal',
  'fee',
  'genesis',
  'withdrawal',
]);

/** The balance asset a transfer moves, or null when it moves none (erc721). */
export function balanceAsset(data: Pick<TransferObservedData, 'kind' | 'asset'>): string | null {
  if (NATIVE_KINDS.has(data.kind)) return NATIVE_ASSET;
  // trc10: the token id (digits); trc20: the contract in base58 (docs/architecture.md §15).
  if (data.kind === 'erc20' || data.kind === 'trc20' || data.kind === 'trc10')
    return normaliseAddress(data.asset);
  return null;
}

/**
 * Sums a batch's transfers into one delta per (chain, address, asset): TransferObserved debits `from`
 * and credits `to`, TransferReverted the opposite; a null side is the mint/burn/fee sink. Keys whose
 * net is zero are kept, so the set of rows a projection touches does not depend on where batches
 * split (a replay builds exactly the incremental rows). Throws on a malformed amount.
 */
export function aggregateBalanceDeltas(events: readonly RecordedEvent[]): BalanceDelta[] {
  // chain → asset → holder → delta, in the order keys first appear. Keyed by the events' own (normalised,
  // memoised) strings rather than by one key string built per side of every transfer.
  const byChain = new Map<string, Map<string, Map<string, { amount: bigint; lastBlock: number }>>>();
  const deltas: { chain: string; address: string; asset: string; amount: bigint; lastBlock: number }[] = [];
  const add = (chain: string, address: string, asset: string, amount: bigint, block: number) => {
    let byAsset = byChain.get(chain);
    if (!byAsset) byChain.set(chain, (byAsset = new Map()));
    let byHolder = byAsset.get(asset);
    if (!byHolder) byAsset.set(asset, (byHolder = new Map()));
    const entry = byHolder.get(address);
    if (entry) {
      entry.amount += amount;
      if (block > entry.lastBlock) entry.lastBlock = block;
    } else {
      const delta = { chain, address, asset, amount, lastBlock: block };
      byHolder.set(address, delta);
      deltas.push(delta);
    }
  };
  for (const event of events) {
    if (!isTransferEvent(event)) continue;
    const sign = event.type === TRANSFER_OBSERVED ? 1n : -1n;
    const data = event.data;
    const asset = balanceAsset(data);
    if (asset === null) continue;
    const amount = parseAmount(data.amount, event.id) * sign;
    const from = data.from === null ? null : normaliseAddress(data.from);
    const to = data.to === null ? null : normaliseAddress(data.to);
    const isToken = asset !== NATIVE_ASSET;
    // Block numbers stay far below 2^53 on every chain.
    const block = Number(data.blockNumber);
    if (from !== null && !(isToken && TOKEN_MINT_BURN_ADDRESSES.has(from)))
      add(data.chain, from, asset, -amount, block);
    if (to !== null && !(isToken && TOKEN_MINT_BURN_ADDRESSES.has(to)))
      add(data.chain, to, asset, amount, block);
  }
  return deltas;
}

/** An event's amount: a decimal integer string, or the event is refused (never skipped). */
export function parseAmount(amount: string, eventId: string): bigint {
  if (typeof amount !== 'string' || !/^[0-9]+$/.test(amount)) {
    throw new Error(
      `Event ${eventId}: amount must be a decimal integer string, got ${JSON.stringify(amount)}`,
    );
  }
  return BigInt(amount);
}
