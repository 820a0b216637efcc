import type { RecordedEvent } from '@chainwire/event-store';
import {
  TRANSFER_OBSERVED,
  isTransferEvent,
  type TransferKind,
  type TransferObservedData,
} from '@chainwire/chain-events';
import { normaliseAddress } from '@chainwire/core';

/**
 * Transfers a wallet shows in its history, NFTs of both standards included. Fees, genesis allocations and
 * withdrawals are balance changes, not transfers.
 */
export const HISTORY_KINDS: ReadonlySet<TransferKind> = new Set([
  'native',
  'internal',
  'erc20',
  'erc721',
  'erc1155',
  'trc10',
  'trc20',
]);

/** One transfer as the history read model stores it: found by either party. */
export interface HistoryRow {
  chain: string;
  /** lower-case */
  blockHash: string;
  ref: string;
  seq: bigint;
  blockNumber: string;
  timestamp: number;
  txHash: string | null;
  kind: TransferKind;
  /** 'native' or the contract in stored form (a TRC-10 token id for trc10). */
  asset: string;
  /** Stored form (normaliseAddress: lower-case hex, base58 as is); null for a mint. */
  fromKey: string | null;
  /** Stored form; null for a burn. */
  toKey: string | null;
  /** As the chain event named them: what the other party sees as its counterparty. */
  fromAddress: string | null;
  toAddress: string | null;
  amount: string;
  tokenId: string | null;
}

export interface HistoryKey {
  chain: string;
  blockHash: string;
  ref: string;
}

/** One statement's worth of work: consecutive inserts, or consecutive deletes. Order between writes matters. */
export type HistoryWrite = { kind: 'insert'; rows: HistoryRow[] } | { kind: 'delete'; keys: HistoryKey[] };

/** The row of one transfer, or null for a balance change that is not a transfer (a fee, genesis). */
export function historyRow(data: TransferObservedData, seq: bigint): HistoryRow | null {
  if (!HISTORY_KINDS.has(data.kind)) return null;
  return {
    chain: data.chain,
    blockHash: data.blockHash.toLowerCase(),
    ref: data.ref,
    seq,
    blockNumber: data.blockNumber,
    timestamp: data.timestamp,
    txHash: data.txHash,
    kind: data.kind,
    asset: data.asset === 'native' ? 'native' : normaliseAddress(data.asset),
    // Base58 (Tron) is case-sensitive: the stored form, never a blanket lower-casing.
    fromKey: data.from === null ? null : normaliseAddress(data.from),
    toKey: data.to === null ? null : normaliseAddress(data.to),
    fromAddress: data.from,
    toAddress: data.to,
    amount: data.amount,
    tokenId: data.tokenId ?? null,
  };
}

/**
 * The writes for a batch, in event order: runs of TransferObserved become one insert, runs of
 * TransferReverted one delete, so a transfer observed and reverted in the same batch ends deleted.
 */
export function planHistoryWrites(events: readonly RecordedEvent[]): HistoryWrite[] {
  const writes: HistoryWrite[] = [];
  for (const event of events) {
    if (!isTransferEvent(event)) continue;
    const data = event.data;
    if (event.type === TRANSFER_OBSERVED) {
      const row = historyRow(data, event.streamPosition);
      if (!row) continue;
      const last = writes[writes.length - 1];
      if (last?.kind === 'insert') last.rows.push(row);
      else writes.push({ kind: 'insert', rows: [row] });
    } else {
      if (!HISTORY_KINDS.has(data.kind)) continue;
      const key = { chain: data.chain, blockHash: data.blockHash.toLowerCase(), ref: data.ref };
      const last = writes[writes.length - 1];
      if (last?.kind === 'delete') last.keys.push(key);
      else writes.push({ kind: 'delete', keys: [key] });
    }
  }
  return writes;
}
