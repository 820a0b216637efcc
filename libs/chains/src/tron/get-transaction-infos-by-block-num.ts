import { tronBase58FromEvmHex, tronBase58FromNode } from './tron-address';
import type { TronHttpClient } from './tron-http-client';
import { type TronTransactionInfoJson, wireBigInt } from './tron-wire';

/** A TVM event log: contract base58, topics and data as lower-case hex without 0x. */
export interface TronLog {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
}

/** One value a contract moved during a call: TRX (tokenId undefined) or a TRC-10 token, base58 parties. */
export interface TronInternalTransfer {
  readonly from: string;
  readonly to: string;
  readonly callValue: bigint;
  readonly tokenId: string | undefined;
  /** The VM undid it (a reverted inner call). */
  readonly rejected: boolean;
}

/** What a transaction cost and emitted (`TransactionInfo`), amounts in sun. */
export interface TronTransactionInfo {
  readonly id: string;
  readonly blockNumber: bigint;
  /** Everything burnt from the owner: energy + bandwidth + the other fees (account creation, memo, …). */
  readonly fee: bigint;
  /** Sun burnt for energy the owner lacked (receipt.energy_fee). */
  readonly energyFee: bigint;
  /** Sun burnt for bandwidth the owner lacked (receipt.net_fee). */
  readonly netFee: bigint;
  readonly energyUsageTotal: bigint;
  readonly netUsage: bigint;
  /** receipt.result: 'SUCCESS', 'REVERT', …; undefined for non-contract transactions. */
  readonly receiptResult: string | undefined;
  /** 'FAILED' when the transaction failed; undefined on success (the node leaves it out). */
  readonly result: string | undefined;
  readonly logs: readonly TronLog[];
  /** In call order, one per callValueInfo entry of each internal transaction. */
  readonly internalTransfers: readonly TronInternalTransfer[];
  /** Voting rewards a WithdrawBalanceContract paid out, in sun. */
  readonly withdrawAmount: bigint;
  /** Stake 2.0: sun an unfreeze's expiry released to the owner by WithdrawExpireUnfreeze. */
  readonly withdrawExpireAmount: bigint;
  /** Base58 of the contract a CreateSmartContract made. */
  readonly contractAddress: string | undefined;
}

/**
 * The infos of every transaction in block `num` (`/wallet/gettransactioninfobyblocknum`), in the block's
 * transaction order. An empty block answers `[]` (some versions `{}`).
 */
export async function getTransactionInfosByBlockNum(
  client: TronHttpClient,
  num: bigint,
): Promise<TronTransactionInfo[]> {
  const answer = await client.post<TronTransactionInfoJson[] | Record<string, never>>(
    '/wallet/gettransactioninfobyblocknum',
    { num: Number(num) },
    { exact: true },
  );
  if (!Array.isArray(answer)) return [];
  return answer.map(parseInfo);
}

function parseInfo(json: TronTransactionInfoJson): TronTransactionInfo {
  const receipt = json.receipt ?? {};
  return {
    id: String(json.id).toLowerCase(),
    blockNumber: wireBigInt(json.blockNumber, 'blockNumber'),
    fee: wireBigInt(json.fee, 'fee'),
    energyFee: wireBigInt(receipt.energy_fee, 'energy_fee'),
    netFee: wireBigInt(receipt.net_fee, 'net_fee'),
    energyUsageTotal: wireBigInt(receipt.energy_usage_total, 'energy_usage_total'),
    netUsage: wireBigInt(receipt.net_usage, 'net_usage'),
    receiptResult: receipt.result,
    result: json.result,
    logs: (json.log ?? []).map((log) => ({
      address: tronBase58FromEvmHex(String(log.address ?? '')),
      topics: (log.topics ?? []).map((t) => t.toLowerCase()),
      data: (log.data ?? '').toLowerCase(),
    })),
    internalTransfers: (json.internal_transactions ?? []).flatMap((itx) =>
      (itx.callValueInfo ?? []).map((value) => ({
        from: tronBase58FromNode(itx.caller_address, 'caller_address'),
        to: tronBase58FromNode(itx.transferTo_address, 'transferTo_address'),
        callValue: wireBigInt(value.callValue, 'callValue'),
        tokenId: value.tokenId === undefined || value.tokenId === '' ? undefined : String(value.tokenId),
        rejected: itx.rejected === true,
      })),
    ),
    withdrawAmount: wireBigInt(json.withdraw_amount, 'withdraw_amount'),
    withdrawExpireAmount: wireBigInt(json.withdraw_expire_amount, 'withdraw_expire_amount'),
    contractAddress:
      json.contract_address === undefined
        ? undefined
        : tronBase58FromNode(json.contract_address, 'contract_address'),
  };
}
