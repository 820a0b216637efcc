import type { TronHttpClient } from './tron-http-client';
import { TronNodeError } from './tron-http-client';

/** A block header as java-tron's `/wallet/getnowblock` answers it; hashes hex without 0x, addresses hex `41…`. */
export interface TronBlockHeader {
  /** blockID. */
  readonly id: string;
  readonly number: bigint;
  /** ms since the epoch. */
  readonly timestamp: bigint;
  readonly parentHash: string;
  readonly txTrieRoot: string;
  /** Hex, `41…`. */
  readonly witnessAddress: string;
  readonly version: number;
}

interface NowBlockWire {
  blockID?: string;
  block_header?: {
    raw_data?: {
      number?: number;
      timestamp?: number;
      parentHash?: string;
      txTrieRoot?: string;
      witness_address?: string;
      version?: number;
    };
  };
}

const HASH = /^[0-9a-f]{64}$/;

/** The node's head block header (`/wallet/getnowblock`): the reference block of a transaction built now. */
export async function getNowBlock(client: TronHttpClient): Promise<TronBlockHeader> {
  const block = await client.post<NowBlockWire>('/wallet/getnowblock');
  const raw = block.block_header?.raw_data;
  const id = block.blockID?.toLowerCase();
  if (!raw || !id || !HASH.test(id) || raw.number === undefined || raw.timestamp === undefined) {
    throw new TronNodeError('/wallet/getnowblock', 'no block header in the answer');
  }
  return {
    id,
    number: BigInt(raw.number),
    timestamp: BigInt(raw.timestamp),
    parentHash: (raw.parentHash ?? '').toLowerCase(),
    // The genesis-like empty trie root is omitted by java-tron's JSON: 32 zero bytes.
    txTrieRoot: (raw.txTrieRoot ?? '0'.repeat(64)).toLowerCase(),
    witnessAddress: (raw.witness_address ?? '').toLowerCase(),
    version: raw.version ?? 0,
  };
}
