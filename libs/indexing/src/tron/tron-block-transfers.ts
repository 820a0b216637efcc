import {
  toTronBase58,
  tronBase58FromEvmHex,
  tronBase58FromNode,
  type TronBlock,
  type TronTransaction,
  type TronTransactionInfo,
  wireBigInt,
  type WireInt,
} from '@chainwire/chains';
import type { TransferObservedData } from '@chainwire/chain-events';

/** keccak256("Transfer(address,address,uint256)"), as TVM logs carry it (no 0x). */
export const TRC20_TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** One block as read from the node, with the infos of its transactions. */
export interface FetchedTronBlock {
  readonly block: TronBlock;
  /** One per transaction (matched by id, not by position). */
  readonly infos: readonly TronTransactionInfo[];
}

type Base = Pick<TransferObservedData, 'chain' | 'blockNumber' | 'blockHash' | 'timestamp' | 'txHash'>;

/**
 * Every balance change of a Tron block (docs/architecture.md §15), per transaction in order: its value
 * (TRX TransferContract or a contract call's call_value: `native`; TransferAssetContract: `trc10`), what
 * the contract moved inside the call (the info's internal_transactions not rejected: `internal` TRX,
 * `trc10` tokens; ref `tx:<i>:internal:<j>`), its
 * TRC-20 Transfer logs (`trc20`, ref `log:<n>` with n counted across the block's logs, as an EVM log
 * index is), then what it burnt (`fee`, to = null: energy, bandwidth, and the rest of the info's `fee`
 * such as account creation). Voting rewards a WithdrawBalanceContract claims are a `withdrawal` (from =
 * null). A failed transaction moves nothing but its fees. Addresses are base58. Stake 2.0 freezes and
 * unfreezes move no TRX out of the owner's hands, so they are stake operations, not transfers: the native
 * balance counts staked TRX as held.
 */
export function tronBlockTransfers(chain: string, fetched: FetchedTronBlock): TransferObservedData[] {
  const { block } = fetched;
  const infoById = new Map(fetched.infos.map((info) => [info.id, info]));
  const transfers: TransferObservedData[] = [];
  let logIndex = 0;
  for (const tx of block.transactions) {
    const info = infoById.get(tx.txID);
    if (!info) throw new Error(`no transaction info for ${tx.txID} in block ${block.hash}`);
    const base: Base = {
      chain,
      blockNumber: block.number.toString(),
      blockHash: block.hash,
      timestamp: Math.floor(block.timestamp / 1000),
      txHash: tx.txID,
    };
    const prefix = `tx:${tx.index}`;
    const owner = ownerOf(tx);
    if (succeeded(tx, info)) {
      transfers.push(...valueTransfers(base, prefix, tx, owner));
      // TRX / TRC-10 the contract moved during the call: `internal` (as EVM traces are) or `trc10`.
      info.internalTransfers.forEach((t, j) => {
        if (t.rejected || t.callValue <= 0n) return;
        transfers.push(
          t.tokenId === undefined
            ? transfer(base, `${prefix}:internal:${j}`, 'internal', 'native', t.from, t.to, t.callValue)
            : transfer(base, `${prefix}:internal:${j}`, 'trc10', t.tokenId, t.from, t.to, t.callValue),
        );
      });
    }
    // Voting rewards claimed: new TRX credited by the chain, as a withdrawal is on EVM chains.
    if (owner !== null && tx.contractType === 'WithdrawBalanceContract' && info.withdrawAmount > 0n) {
      transfers.push(
        transfer(base, `${prefix}:reward`, 'withdrawal', 'native', null, owner, info.withdrawAmount),
      );
    }
    for (const log of info.logs) {
      const ref = `log:${logIndex++}`;
      const token = trc20Transfer(base, ref, log);
      if (token) transfers.push(token);
    }
    if (owner === null) continue;
    const other = info.fee - info.energyFee - info.netFee;
    const fees: [string, bigint][] = [
      ['energy', info.energyFee],
      ['bandwidth', info.netFee],
      ['other', other],
    ];
    for (const [what, amount] of fees) {
      if (amount > 0n)
        transfers.push(transfer(base, `${prefix}:fee:${what}`, 'fee', 'native', owner, null, amount));
    }
  }
  return transfers;
}

/**
 * The node marks a failed contract in `ret[0].contractRet` ('REVERT', 'OUT_OF_ENERGY', …) and the info's
 * `result: 'FAILED'`; a transaction without a contractRet (older blocks) succeeded unless its info failed.
 */
function succeeded(tx: TronTransaction, info: TronTransactionInfo): boolean {
  if (info.result === 'FAILED') return false;
  return tx.contractRet === undefined || tx.contractRet === 'SUCCESS';
}

function ownerOf(tx: TronTransaction): string | null {
  const owner = tx.value.owner_address;
  return typeof owner === 'string' ? toTronBase58(owner) : null;
}

function valueTransfers(
  base: Base,
  prefix: string,
  tx: TronTransaction,
  owner: string | null,
): TransferObservedData[] {
  const v = tx.value;
  if (owner === null) return [];
  switch (tx.contractType) {
    case 'TransferContract': {
      const amount = wireBigInt(v.amount as WireInt, 'amount');
      if (amount <= 0n) return [];
      const to = tronBase58FromNode(v.to_address, 'to_address');
      return [transfer(base, `${prefix}:value`, 'native', 'native', owner, to, amount)];
    }
    case 'TransferAssetContract': {
      const amount = wireBigInt(v.amount as WireInt, 'amount');
      if (amount <= 0n) return [];
      const to = tronBase58FromNode(v.to_address, 'to_address');
      return [transfer(base, `${prefix}:trc10`, 'trc10', trc10Id(v.asset_name), owner, to, amount)];
    }
    case 'TriggerSmartContract': {
      const out: TransferObservedData[] = [];
      const contract = tronBase58FromNode(v.contract_address, 'contract_address');
      const callValue = wireBigInt(v.call_value as WireInt, 'call_value');
      if (callValue > 0n) {
        out.push(transfer(base, `${prefix}:value`, 'native', 'native', owner, contract, callValue));
      }
      const tokenValue = wireBigInt(v.call_token_value as WireInt, 'call_token_value');
      if (tokenValue > 0n && v.token_id !== undefined) {
        const id = wireBigInt(v.token_id as WireInt, 'token_id').toString();
        out.push(transfer(base, `${prefix}:trc10`, 'trc10', id, owner, contract, tokenValue));
      }
      return out;
    }
    default:
      return [];
  }
}

/**
 * A TRC-10 token's id from `asset_name`, a bytes field the node writes hex-encoded (without `visible`):
 * since allowSameTokenName it holds the id's decimal digits ('31303032303030' → '1002000'). Hex digits
 * can themselves be all decimal, so the field is always decoded, never taken as is.
 */
function trc10Id(assetName: unknown): string {
  const text = String(assetName ?? '');
  const decoded = /^(?:[0-9a-fA-F]{2})+$/.test(text) ? Buffer.from(text, 'hex').toString('utf8') : '';
  if (!/^\d{1,19}$/.test(decoded)) throw new TypeError(`Tron node sent a malformed asset_name: ${text}`);
  return decoded;
}

/** A TRC-20 Transfer (three topics, one uint256 word of data); TRC-721's (four topics) and others are not. */
function trc20Transfer(
  base: Base,
  ref: string,
  log: TronTransactionInfo['logs'][number],
): TransferObservedData | null {
  if (log.topics.length !== 3 || log.topics[0] !== TRC20_TRANSFER_TOPIC || !/^[0-9a-f]{64}$/.test(log.data)) {
    return null;
  }
  const from = tronBase58FromEvmHex(log.topics[1].slice(24));
  const to = tronBase58FromEvmHex(log.topics[2].slice(24));
  return transfer(base, ref, 'trc20', log.address, from, to, BigInt(`0x${log.data}`));
}

function transfer(
  base: Base,
  ref: string,
  kind: TransferObservedData['kind'],
  asset: string,
  from: string | null,
  to: string | null,
  amount: bigint,
): TransferObservedData {
  return { ...base, ref, kind, asset, from, to, amount: amount.toString() };
}
