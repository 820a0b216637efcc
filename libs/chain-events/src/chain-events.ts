import { hash } from 'node:crypto';
import {
  TRANSACTION_OBSERVED,
  TRANSACTION_REVERTED,
  type TransactionObserved,
  type TransactionReverted,
} from './transaction-events';

/**
 * Events of the `chain-<chainId>` streams (docs/architecture.md §3). Amounts are decimal strings of integers in
 * smallest units; addresses are EIP-55 checksummed; numbers that can exceed 2^53 are strings.
 */

export const chainStream = (chain: string): string => `chain-${chain}`;
export const CHAIN_STREAM_PREFIX = 'chain-';

export const BLOCK_INDEXED = 'BlockIndexed';
export const BLOCK_REVERTED = 'BlockReverted';
export const TRANSFER_OBSERVED = 'TransferObserved';
export const TRANSFER_REVERTED = 'TransferReverted';

export interface BlockIndexedData {
  chain: string;
  number: string;
  hash: string;
  parentHash: string;
  /** Unix seconds. */
  timestamp: number;
}

/** The block left the canonical chain; its transfers are reverted by TransferReverted events before it. */
export type BlockRevertedData = BlockIndexedData;

/**
 * native: a transaction's value; internal: a value transfer inside a contract call (from traces);
 * fee: gas paid by the sender (to = null for the burnt base fee, to = the block's miner for the tip);
 * genesis: a balance present at the start block (from = null); erc20 / erc721: Transfer logs;
 * erc1155: one TransferSingle, or one (id, value) pair of a TransferBatch (ref `log:<index>:<pair>`);
 * withdrawal: a beacon-chain withdrawal credited by the block (EIP-4895; from = null, txHash = null).
 * Tron (docs/architecture.md §15): native is TRX (TransferContract, or a contract call's call_value);
 * trc10: a TransferAssetContract (asset = the token id, e.g. '1002000'); trc20: a TRC-20 Transfer log
 * (asset = the contract, base58); fee: sun burnt for energy, bandwidth or other fees (to = null);
 * withdrawal: voting rewards claimed by WithdrawBalanceContract (from = null).
 */
export type TransferKind =
  | 'native'
  | 'internal'
  | 'fee'
  | 'genesis'
  | 'erc20'
  | 'erc721'
  | 'erc1155'
  | 'withdrawal'
  | 'trc10'
  | 'trc20';

export interface TransferObservedData {
  chain: string;
  blockNumber: string;
  blockHash: string;
  /** Unix seconds of the block. */
  timestamp: number;
  /** null only for genesis allocations and withdrawals. */
  txHash: string | null;
  /** Unique within the block: log index, trace path or a tag such as 'value', 'fee:burn', 'fee:tip'. */
  ref: string;
  kind: TransferKind;
  /** 'native' or the token contract (checksummed). */
  asset: string;
  from: string | null;
  to: string | null;
  /** Smallest units; '1' for erc721, the token id's value moved for erc1155. */
  amount: string;
  /** erc721 and erc1155 only: the uint256 token id as a decimal string. */
  tokenId?: string;
}

/** Same payload as the TransferObserved it undoes: projections apply the reverse. */
export type TransferRevertedData = TransferObservedData;

/**
 * The `chain-<chainId>` stream's events, as a discriminated union on `type` (the shape the event store's
 * `StreamEvent` describes; this lib imports none, so it is restated here).
 */
export interface BlockIndexed {
  readonly type: typeof BLOCK_INDEXED;
  readonly data: BlockIndexedData;
}
export interface BlockReverted {
  readonly type: typeof BLOCK_REVERTED;
  readonly data: BlockRevertedData;
}
export interface TransferObserved {
  readonly type: typeof TRANSFER_OBSERVED;
  readonly data: TransferObservedData;
}
export interface TransferReverted {
  readonly type: typeof TRANSFER_REVERTED;
  readonly data: TransferRevertedData;
}
export type ChainEvent =
  | BlockIndexed
  | BlockReverted
  | TransferObserved
  | TransferReverted
  | TransactionObserved
  | TransactionReverted;

export const CHAIN_EVENT_TYPES: readonly ChainEvent['type'][] = [
  BLOCK_INDEXED,
  BLOCK_REVERTED,
  TRANSFER_OBSERVED,
  TRANSFER_REVERTED,
  TRANSACTION_OBSERVED,
  TRANSACTION_REVERTED,
];

type AnyEvent = { readonly type: string; readonly data: unknown };

/** Type guards: narrow any event (new or recorded) by its type, keeping its other fields. */
function guard<E extends ChainEvent>(...types: E['type'][]) {
  const wanted = new Set<string>(types);
  return <T extends AnyEvent>(event: T): event is T & E => wanted.has(event.type);
}
export const isChainEvent = guard<ChainEvent>(...CHAIN_EVENT_TYPES);
export const isBlockIndexed = guard<BlockIndexed>(BLOCK_INDEXED);
export const isBlockReverted = guard<BlockReverted>(BLOCK_REVERTED);
export const isTransferObserved = guard<TransferObserved>(TRANSFER_OBSERVED);
export const isTransferReverted = guard<TransferReverted>(TRANSFER_REVERTED);
/** TransferObserved or TransferReverted: both carry a transfer. */
export const isTransferEvent = guard<TransferObserved | TransferReverted>(
  TRANSFER_OBSERVED,
  TRANSFER_REVERTED,
);

/**
 * TransferReverted metadata key naming the id of the TransferObserved it undoes (consumers that acted on
 * that event, such as the webhook saga, find what to undo by it). Absent on events appended before it
 * existed: then the id is chainEventId(TRANSFER_OBSERVED, chain, blockHash, ref), a first incarnation's.
 */
export const OBSERVED_EVENT_ID_KEY = 'observedEventId';

const NAMESPACE = 'a4d7f6a2-53c1-4f5e-9d3e-2b1e6f7c8d90';

const NAMESPACE_BYTES = Buffer.from(NAMESPACE.replace(/-/g, ''), 'hex');

/** Namespace then name, hashed in one call; grown when a name does not fit. */
let hashInput = Buffer.allocUnsafe(256);
NAMESPACE_BYTES.copy(hashInput);

/** The UUID variant digit (10xx) for each hex digit of the hash at that place. */
const VARIANT_DIGIT = '89ab89ab89ab89ab';

/**
 * Deterministic event id: a re-append after a crash is a no-op, never a duplicate. It is the UUIDv5
 * of `type|chain|blockHash|ref` (RFC 4122: SHA-1 of namespace + name, version and variant bits set),
 * computed directly because indexers derive tens of thousands per batch: one-shot `crypto.hash` into
 * hex, half the time of a Hash object per id.
 */
export function chainEventId(type: string, chain: string, blockHash: string, ref = ''): string {
  const name = `${type}|${chain}|${blockHash.toLowerCase()}|${ref}`;
  const size = NAMESPACE_BYTES.length + Buffer.byteLength(name);
  if (size > hashInput.length) {
    hashInput = Buffer.allocUnsafe(size * 2);
    NAMESPACE_BYTES.copy(hashInput);
  }
  hashInput.write(name, NAMESPACE_BYTES.length);
  const hex = hash('sha1', hashInput.subarray(0, size), 'hex');
  return (
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-` +
    `${VARIANT_DIGIT[parseInt(hex[16]!, 16)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  );
}
