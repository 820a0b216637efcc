import type { Address, Hash, Hex } from 'viem';

/** What the indexer needs of a block header. */
export interface EvmBlockHeader {
  number: bigint;
  hash: Hash;
  parentHash: Hash;
  /** Unix seconds. */
  timestamp: number;
  miner: Address;
  /** null before London (EIP-1559). */
  baseFeePerGas: bigint | null;
}

export interface EvmTransaction {
  hash: Hash;
  index: number;
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  value: bigint;
  /** The calldata ('0x' for none): a reference to what the node sent, kept for watched contracts. */
  input?: Hex;
}

/** A beacon-chain withdrawal credited by the block (EIP-4895); amount already in wei. */
export interface EvmWithdrawal {
  index: bigint;
  address: Address;
  amountWei: bigint;
}

export interface EvmBlock extends EvmBlockHeader {
  transactions: EvmTransaction[];
  withdrawals: EvmWithdrawal[];
}

export interface EvmReceipt {
  transactionHash: Hash;
  transactionIndex: number;
  blockHash: Hash;
  from: Address;
  to: Address | null;
  contractAddress: Address | null;
  status: 'success' | 'reverted';
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  /** EIP-4844 blob gas, burnt in full; 0 when the transaction carries no blobs. */
  blobGasUsed: bigint;
  blobGasPrice: bigint;
  /** The transaction's logs, in log order (none when it reverted). */
  logs: EvmLog[];
}

/** A raw log as eth_getLogs returns it (only the fields used). */
export interface EvmLog {
  address: Address;
  topics: Hex[];
  data: Hex;
  blockNumber: bigint;
  blockHash: Hash;
  transactionHash: Hash;
  transactionIndex: number;
  logIndex: number;
}

/**
 * A value transfer inside a transaction found in its trace: a successful CALL / CREATE frame below
 * the top level with value > 0, or a SELFDESTRUCT sending its balance.
 */
export interface InternalValueTransfer {
  transactionHash: Hash;
  transactionIndex: number;
  /** The frame's position in the call tree, e.g. '0.1' (parity traceAddress). */
  path: string;
  from: Address;
  to: Address;
  value: bigint;
}

export type TraceMethod = 'trace_block' | 'debug_traceBlockByNumber' | 'none';
