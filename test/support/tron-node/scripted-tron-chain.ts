import { createHash } from 'node:crypto';
import { TronWeb } from 'tronweb';
import type { TronGenesisAccount } from './tron-account-state';

/**
 * A scripted Tron chain for the java-tron fixture (chain-routes.ts serves it): blocks of transactions and
 * their transaction infos in java-tron's JSON shapes (addresses in hex `41…` as the node writes them
 * without `visible`, log addresses as 20 bytes without `41`), account resources, a solidified head that
 * lags the head, and reorgs (blocks above a height replaced by new ones with new hashes).
 */

export const TRC20_TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface ScriptedTransaction {
  readonly type: string;
  /** parameter.value as the node writes it. */
  readonly value: Record<string, unknown>;
  /** ret[0].contractRet; default SUCCESS. */
  readonly contractRet?: string;
  /** The transaction info's fields besides id/blockNumber/blockTimeStamp (fee, receipt, log, …). */
  readonly info?: Record<string, unknown>;
}

export interface ScriptedBlock {
  readonly number: number;
  readonly blockID: string;
  readonly parentHash: string;
  readonly timestamp: number;
  readonly json: Record<string, unknown>;
  readonly infos: Record<string, unknown>[];
}

export const hex = (base58: string): string => TronWeb.address.toHex(base58).toLowerCase();
/** A 20-byte TVM word address (no 41), as in log topics and log addresses. */
export const evmHex = (base58: string): string => hex(base58).slice(2);
const word = (value: bigint | string): string =>
  (typeof value === 'bigint' ? value.toString(16) : value).padStart(64, '0');
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** TRX moved by a TransferContract; `fee` burnt for bandwidth (and e.g. account creation as `otherFee`). */
export function trxTransfer(
  from: string,
  to: string,
  amount: bigint,
  options: { netFee?: bigint; otherFee?: bigint; contractRet?: string } = {},
): ScriptedTransaction {
  const netFee = options.netFee ?? 0n;
  const fee = netFee + (options.otherFee ?? 0n);
  return {
    type: 'TransferContract',
    value: { amount, owner_address: hex(from), to_address: hex(to) },
    contractRet: options.contractRet,
    info: {
      ...(fee > 0n ? { fee } : {}),
      receipt: { net_usage: netFee > 0n ? 0n : 268n, ...(netFee > 0n ? { net_fee: netFee } : {}) },
    },
  };
}

/** A TRC-10 TransferAssetContract: `asset_name` is the token id's decimal digits, hex-encoded. */
export function trc10Transfer(
  from: string,
  to: string,
  tokenId: string,
  amount: bigint,
  options: { netFee?: bigint } = {},
): ScriptedTransaction {
  const netFee = options.netFee ?? 0n;
  return {
    type: 'TransferAssetContract',
    value: {
      amount,
      asset_name: Buffer.from(tokenId, 'utf8').toString('hex'),
      owner_address: hex(from),
      to_address: hex(to),
    },
    info: { ...(netFee > 0n ? { fee: netFee } : {}), receipt: { net_usage: 283n, net_fee: netFee } },
  };
}

/** A TRC-20 `transfer(to, amount)` call through TriggerSmartContract, with its Transfer log when it succeeds. */
export function trc20Transfer(
  from: string,
  token: string,
  to: string,
  amount: bigint,
  options: { energyFee?: bigint; netFee?: bigint; contractRet?: string; energyUsage?: bigint } = {},
): ScriptedTransaction {
  const energyFee = options.energyFee ?? 0n;
  const netFee = options.netFee ?? 0n;
  const ok = (options.contractRet ?? 'SUCCESS') === 'SUCCESS';
  const data = `a9059cbb${word(evmHex(to))}${word(amount)}`;
  return {
    type: 'TriggerSmartContract',
    value: { data, owner_address: hex(from), contract_address: hex(token) },
    contractRet: options.contractRet,
    info: {
      ...(energyFee + netFee > 0n ? { fee: energyFee + netFee } : {}),
      contractResult: [ok ? word(1n) : ''],
      contract_address: hex(token),
      receipt: {
        energy_usage_total: options.energyUsage ?? 29_631n,
        ...(energyFee > 0n ? { energy_fee: energyFee } : {}),
        ...(netFee > 0n ? { net_fee: netFee } : { net_usage: 345n }),
        result: options.contractRet ?? 'SUCCESS',
      },
      ...(ok
        ? {
            log: [
              {
                address: evmHex(token),
                topics: [TRC20_TRANSFER_TOPIC, word(evmHex(from)), word(evmHex(to))],
                data: word(amount),
              },
            ],
          }
        : { result: 'FAILED' }),
    },
  };
}

/** Any other contract type (Stake 2.0, votes, …) with its parameter value as the node writes it. */
export function contractCall(
  type: string,
  value: Record<string, unknown>,
  info: Record<string, unknown> = {},
): ScriptedTransaction {
  return { type, value, info };
}

export interface AccountResources {
  freeNetUsed?: bigint;
  freeNetLimit?: bigint;
  NetUsed?: bigint;
  NetLimit?: bigint;
  EnergyUsed?: bigint;
  EnergyLimit?: bigint;
}

export class ScriptedTronChain {
  private readonly blocks: ScriptedBlock[] = [];
  private fork = 0;
  private txCounter = 0;
  /** How many blocks the solidified head lags the head (java-tron: about 19 on mainnet). */
  solidifiedLag = 0;
  /** Paths chain-routes answers with HTTP 503 (a node or TronGrid under load) while listed. */
  readonly unavailable = new Set<string>();
  /** Resources by base58 address, as /wallet/getaccountresource answers them. */
  readonly resources = new Map<string, AccountResources>();
  /** Chain parameters /wallet/getchainparameters answers (java-tron leaves out zero values). */
  readonly chainParameters = new Map<string, bigint>([
    ['getUnfreezeDelayDays', 14n],
    ['getEnergyFee', 420n],
    ['getTransactionFee', 1000n],
  ]);
  /** TRC-10 tokens by id, as /wallet/getassetissuebyid answers them (precision left out where 0). */
  readonly assetIssues = new Map<string, { name: string; abbr: string; precision?: number }>();
  /**
   * TRC-20 views by contract (hex `41…`, lower case): what /wallet/triggerconstantcontract answers for
   * name(), symbol() and decimals(); `bytes32` names and symbols as early tokens returned them.
   */
  readonly trc20Views = new Map<
    string,
    { name: string; symbol: string; decimals: number; bytes32?: boolean }
  >();
  /** Accounts' holdings before block 1, by base58 address (tron-account-state.ts applies the blocks). */
  readonly genesis = new Map<string, TronGenesisAccount>();
  /** Witness (block producer) of every block. */
  readonly witness = 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH';

  constructor(private readonly genesisTimeMs = 1_700_000_000_000) {
    this.mine();
  }

  get head(): ScriptedBlock {
    return this.blocks[this.blocks.length - 1];
  }

  get solidified(): ScriptedBlock {
    return this.blocks[Math.max(0, this.blocks.length - 1 - this.solidifiedLag)];
  }

  block(num: number): ScriptedBlock | undefined {
    return this.blocks[num];
  }

  /** Appends one block holding `txs` (3 s after its parent, as Tron produces them). */
  mine(...txs: ScriptedTransaction[]): ScriptedBlock {
    const number = this.blocks.length;
    const parentHash = number === 0 ? '0'.repeat(64) : this.head.blockID;
    const timestamp = this.genesisTimeMs + number * 3000;
    const transactions = txs.map((tx) => {
      const txID = sha256(`tx|${this.fork}|${this.txCounter++}|${tx.type}`);
      return {
        tx,
        txID,
        json: {
          ret: [{ contractRet: tx.contractRet ?? 'SUCCESS' }],
          signature: ['00'.repeat(65)],
          txID,
          raw_data: {
            contract: [
              {
                parameter: { value: tx.value, type_url: `type.googleapis.com/protocol.${tx.type}` },
                type: tx.type,
              },
            ],
            ref_block_bytes: '0000',
            ref_block_hash: parentHash.slice(16, 32),
            expiration: BigInt(timestamp + 60_000),
            timestamp: BigInt(timestamp - 1000),
          },
        },
      };
    });
    const txTrieRoot = sha256(transactions.map((t) => t.txID).join('') || 'empty');
    // java-tron's blockID: the block number in its first 8 bytes, then the tail of the header's hash.
    const headerHash = sha256(`block|${this.fork}|${number}|${parentHash}|${txTrieRoot}`);
    const blockID = number.toString(16).padStart(16, '0') + headerHash.slice(16);
    const json: Record<string, unknown> = {
      blockID,
      block_header: {
        raw_data: {
          number: BigInt(number),
          txTrieRoot,
          witness_address: hex(this.witness),
          parentHash,
          version: 30n,
          timestamp: BigInt(timestamp),
        },
        witness_signature: '11'.repeat(65),
      },
      ...(transactions.length ? { transactions: transactions.map((t) => t.json) } : {}),
    };
    const infos = transactions.map(({ tx, txID }) => ({
      id: txID,
      blockNumber: BigInt(number),
      blockTimeStamp: BigInt(timestamp),
      contractResult: [''],
      receipt: {},
      ...tx.info,
    }));
    const block: ScriptedBlock = { number, blockID, parentHash, timestamp, json, infos };
    this.blocks.push(block);
    return block;
  }

  /** Mines `count` empty blocks. */
  mineEmpty(count: number): void {
    for (let i = 0; i < count; i++) this.mine();
  }

  /** Drops every block above `keep`; blocks mined afterwards get new hashes (a new branch). */
  reorg(keep: number): void {
    this.blocks.length = keep + 1;
    this.fork++;
  }
}
