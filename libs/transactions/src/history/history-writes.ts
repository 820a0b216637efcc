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

export type Direction = 'in' | 'out' | 'self';

export interface HistoryRow {
  chain: string;
  /** Stored form (normaliseAddress: lower-case hex, base58 as is). */
  address: string;
  /** lower-case */
  blockHash: string;
  ref: string;
  direction: Direction;
  seq: bigint;
  blockNumber: string;
  timestamp: number;
  txHash: string | null;
  kind: TransferKind;
  /** 'native' or the contract in stored form (a TRC-10 token id for trc10). */
  asset: string;
  counterparty: string | null;
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

/** The rows of one transfer: one per party (one 'self' row when both are the same address). */
export function historyRows(data: TransferObservedData, seq: bigint): HistoryRow[] {
  if (!HISTORY_KINDS.has(data.kind)) return [];
  // Base58 (Tron) is case-sensitive: the stored form, never a blanket lower-casing.
  const from = data.from === null ? null : normaliseAddress(data.from);
  const to = data.to === null ? null : normaliseAddress(data.to);
  const blockHash = data.blockHash.toLowerCase();
  const asset = data.asset === 'native' ? 'native' : normaliseAddress(data.asset);
  // Built field by field, not spread from a shared base: a backfill makes two rows per transfer.
  const row = (address: string, direction: Direction, counterparty: string | null): HistoryRow => ({
    chain: data.chain,
    address,
    blockHash,
    ref: data.ref,
    direction,
    seq,
    blockNumber: data.blockNumber,
    timestamp: data.timestamp,
    txHash: data.txHash,
    kind: data.kind,
    asset,
    counterparty,
    amount: data.amount,
    tokenId: data.tokenId ?? null,
  });
  if (from !== null && from === to) return [row(from, 'self', data.to)];
  const rows: HistoryRow[] = [];
  if (from !== null) rows.push(row(from, 'out', data.to));
  if (to !== null) rows.push(row(to, 'in', data.from));
  return rows;
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
    if (!HISTORY_KINDS.has(data.kind)) continue;
    if (event.type === TRANSFER_OBSERVED) {
      const last = writes[writes.length - 1];
      const rows = historyRows(data, event.streamPosition);
      if (last?.kind === 'insert') last.rows.push(...rows);
      else writes.push({ kind: 'insert', rows });
    } else {
      const key = { chain: data.chain, blockHash: data.blockHash.toLowerCase(), ref: data.ref };
      const last = writes[writes.length - 1];
      if (last?.kind === 'delete') last.keys.push(key);
      else writes.push({ kind: 'delete', keys: [key] });
    }
  }
  return writes;
}
