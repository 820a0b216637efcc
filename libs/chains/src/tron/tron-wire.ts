/**
 * java-tron HTTP API answers as the node writes them (protobuf JSON: zero and empty fields are left out,
 * addresses in hex `41…` unless `visible` was asked for, int64 as JSON numbers). Read with
 * TronHttpClient.postExact, so every integer arrives as a bigint with all its digits.
 */
export type WireInt = bigint | number | string | undefined;

export interface TronBlockJson {
  blockID?: string;
  block_header?: {
    raw_data?: {
      number?: WireInt;
      txTrieRoot?: string;
      witness_address?: string;
      parentHash?: string;
      version?: WireInt;
      timestamp?: WireInt;
    };
    witness_signature?: string;
  };
  transactions?: TronTransactionJson[];
}

export interface TronTransactionJson {
  txID: string;
  raw_data: {
    contract: { type: string; parameter: { value: Record<string, unknown>; type_url?: string } }[];
    ref_block_bytes?: string;
    ref_block_hash?: string;
    expiration?: WireInt;
    timestamp?: WireInt;
    fee_limit?: WireInt;
  };
  ret?: { contractRet?: string; fee?: WireInt }[];
  signature?: string[];
}

export interface TronLogJson {
  /** 20 bytes hex, without the 41 prefix. */
  address?: string;
  /** 32-byte words, hex without 0x. */
  topics?: string[];
  data?: string;
}

export interface TronTransactionInfoJson {
  id: string;
  fee?: WireInt;
  blockNumber?: WireInt;
  blockTimeStamp?: WireInt;
  contractResult?: string[];
  contract_address?: string;
  receipt?: {
    energy_fee?: WireInt;
    energy_usage?: WireInt;
    origin_energy_usage?: WireInt;
    energy_usage_total?: WireInt;
    net_usage?: WireInt;
    net_fee?: WireInt;
    result?: string;
  };
  log?: TronLogJson[];
  result?: string;
  resMessage?: string;
  withdraw_amount?: WireInt;
  /** TRX / TRC-10 moved by the contract during the call (recorded when the node saves internal transactions). */
  internal_transactions?: {
    hash?: string;
    caller_address?: string;
    transferTo_address?: string;
    callValueInfo?: { callValue?: WireInt; tokenId?: string }[];
    note?: string;
    rejected?: boolean;
  }[];
  unfreeze_amount?: WireInt;
  withdraw_expire_amount?: WireInt;
}

export interface TronAccountResourceJson {
  freeNetUsed?: WireInt;
  freeNetLimit?: WireInt;
  NetUsed?: WireInt;
  NetLimit?: WireInt;
  EnergyUsed?: WireInt;
  EnergyLimit?: WireInt;
  TotalNetLimit?: WireInt;
  TotalNetWeight?: WireInt;
  TotalEnergyLimit?: WireInt;
  TotalEnergyWeight?: WireInt;
}

/** An int64 field of an answer: absent is 0 (protobuf JSON leaves zero fields out). */
export function wireBigInt(value: WireInt, what: string): bigint {
  if (value === undefined) return 0n;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`Tron node sent a malformed ${what}: ${String(value)}`);
}
