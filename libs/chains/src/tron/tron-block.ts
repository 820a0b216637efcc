import { tronBase58FromNode } from './tron-address';
import { type TronBlockJson, type TronTransactionJson, wireBigInt } from './tron-wire';

/** One transaction of a block: its (first and only) contract and the node's verdict on it. */
export interface TronTransaction {
  readonly txID: string;
  /** Position in the block. */
  readonly index: number;
  /** e.g. 'TransferContract', 'TransferAssetContract', 'TriggerSmartContract'. */
  readonly contractType: string;
  /** The contract's `parameter.value` as sent (addresses in hex `41…`, amounts bigint). */
  readonly value: Readonly<Record<string, unknown>>;
  /** 'SUCCESS', 'REVERT', 'OUT_OF_ENERGY', …; undefined when the node sent none. */
  readonly contractRet: string | undefined;
}

/** A block header in the shapes the indexer and prepare-sign use; hashes as the node writes them (hex, no 0x). */
export interface TronBlock {
  readonly number: bigint;
  readonly hash: string;
  readonly parentHash: string;
  /** Unix milliseconds. */
  readonly timestamp: number;
  readonly txTrieRoot: string;
  /** Base58. */
  readonly witness: string;
  readonly version: number;
  readonly transactions: readonly TronTransaction[];
}

const HASH = /^[0-9a-fA-F]{64}$/;

/** Parses one block of getnowblock / getblockbynum / getblockbylimitnext; null for `{}` (no such block). */
export function parseTronBlock(json: TronBlockJson): TronBlock | null {
  if (!json || json.blockID === undefined) return null;
  const raw = json.block_header?.raw_data ?? {};
  const hash = hashField(json.blockID, 'blockID');
  return {
    number: wireBigInt(raw.number, 'block number'),
    hash,
    parentHash: hashField(raw.parentHash, 'parentHash'),
    timestamp: Number(wireBigInt(raw.timestamp, 'block timestamp')),
    txTrieRoot: raw.txTrieRoot === undefined ? '0'.repeat(64) : hashField(raw.txTrieRoot, 'txTrieRoot'),
    witness:
      raw.witness_address === undefined ? '' : tronBase58FromNode(raw.witness_address, 'witness_address'),
    version: Number(wireBigInt(raw.version, 'block version')),
    transactions: (json.transactions ?? []).map(parseTransaction),
  };
}

function parseTransaction(tx: TronTransactionJson, index: number): TronTransaction {
  if (typeof tx?.txID !== 'string' || !HASH.test(tx.txID)) {
    throw new TypeError(`Tron node sent a transaction without a txID: ${JSON.stringify(tx?.txID)}`);
  }
  const contract = tx.raw_data?.contract?.[0];
  return {
    txID: tx.txID.toLowerCase(),
    index,
    contractType: String(contract?.type ?? ''),
    value: contract?.parameter?.value ?? {},
    contractRet: tx.ret?.[0]?.contractRet,
  };
}

function hashField(value: unknown, what: string): string {
  if (typeof value !== 'string' || !HASH.test(value)) {
    throw new TypeError(`Tron node sent a malformed ${what}: ${JSON.stringify(value)}`);
  }
  return value.toLowerCase();
}
