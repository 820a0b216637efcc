import { ApiError, ErrorCode } from '@chainwire/core';
import { TxErrorCode } from '../errors/transaction-error-codes';
import { MAX_PRIORITY_FEE_MULTIPLIER } from '../fees/evm/evm-fee-policy';
import type { FeeAdjustments } from '../fees/fee-mode';
import { TX_TYPES, type PrepareSignRequest, type TxType } from './prepare-sign.schema';

/** The largest amount a transaction can carry (an EVM word). */
export const MAX_UINT256 = 2n ** 256n - 1n;
/** EIP-2681: a nonce is below 2^64 - 1; every safe integer is. */
const MAX_NONCE = Number.MAX_SAFE_INTEGER;

/** What the client asked for, with every rule that needs no chain or registry checked. */
export interface TransferIntent {
  readonly chain: string;
  readonly from: string;
  readonly recipient: string;
  readonly txType: TxType;
  readonly amount: { readonly wei: bigint } | { readonly human: string };
  readonly tokenContract?: string;
  readonly symbol?: string;
  readonly nonce?: number;
  readonly fees: FeeAdjustments;
}

/**
 * The request rules of prepare-sign (400 each): txType TRANSFER_NATIVE or TRANSFER_TOKEN
 * (UNSUPPORTED_TX_TYPE), exactly one of amount / amountWei, tokenContract required for a token and
 * refused for a native transfer, amounts and fees non-negative, amountWei within uint256, the
 * multiplier in (0, 10], the tip override exclusive with the multiplier (VALIDATION_ERROR).
 */
export function toTransferIntent(request: PrepareSignRequest): TransferIntent {
  const txType = request.txType.toUpperCase();
  if (!(TX_TYPES as readonly string[]).includes(txType)) {
    throw ApiError.badRequest(
      TxErrorCode.UNSUPPORTED_TX_TYPE,
      `txType ${JSON.stringify(request.txType.slice(0, 50))} is not supported; expected one of ${TX_TYPES.join(', ')}`,
    );
  }
  if ((request.amount === undefined) === (request.amountWei === undefined)) {
    throw invalid('exactly one of amount and amountWei is required');
  }
  if (txType === 'TRANSFER_TOKEN' && request.tokenContract === undefined) {
    throw invalid('tokenContract is required for TRANSFER_TOKEN');
  }
  if (txType === 'TRANSFER_NATIVE' && request.tokenContract !== undefined) {
    throw invalid('tokenContract applies to TRANSFER_TOKEN only');
  }
  if (request.amountWei !== undefined && (request.amountWei < 0n || request.amountWei > MAX_UINT256)) {
    throw invalid('amountWei must be between 0 and 2^256 - 1');
  }
  if (request.amount !== undefined && request.amount.startsWith('-')) {
    throw invalid('amount must not be negative');
  }
  const { nonce, fees } = checkTxOverrides(request);
  return {
    chain: request.chain,
    from: request.from,
    recipient: request.to,
    txType: txType as TxType,
    amount: request.amountWei !== undefined ? { wei: request.amountWei } : { human: request.amount! },
    tokenContract: request.tokenContract,
    symbol: request.symbol,
    nonce,
    fees,
  };
}

/** A client's nonce and fee choices, as prepare-sign's request (or another feature's) carries them. */
export interface TxOverridesInput {
  readonly nonce?: number;
  readonly maxPriorityFeePerGasWei?: bigint;
  readonly priorityFeeMultiplier?: string;
}

/**
 * prepare-sign's rules for the nonce and fee overrides (400 VALIDATION_ERROR each): the nonce a
 * non-negative safe integer, the tip within uint256, the multiplier in (0, 10] with at most 6 fractional
 * digits, tip and multiplier exclusive. Exported so that every EVM build checks them alike
 * (ContractCallPreparer).
 */
export function checkTxOverrides(request: TxOverridesInput): { nonce?: number; fees: FeeAdjustments } {
  if (request.nonce !== undefined && (request.nonce < 0 || request.nonce > MAX_NONCE)) {
    throw invalid('nonce must be a non-negative safe integer');
  }
  const tip = request.maxPriorityFeePerGasWei;
  if (tip !== undefined && (tip < 0n || tip > MAX_UINT256)) {
    throw invalid('maxPriorityFeePerGasWei must be between 0 and 2^256 - 1');
  }
  const multiplier = request.priorityFeeMultiplier;
  if (multiplier !== undefined) {
    const value = Number(multiplier);
    if (!(value > 0 && value <= MAX_PRIORITY_FEE_MULTIPLIER) || (multiplier.split('.')[1] ?? '').length > 6) {
      throw invalid(
        `priorityFeeMultiplier must be a decimal greater than 0 and at most ${MAX_PRIORITY_FEE_MULTIPLIER} with at most 6 fractional digits`,
      );
    }
    if (tip !== undefined)
      throw invalid('maxPriorityFeePerGasWei and priorityFeeMultiplier are mutually exclusive');
  }
  return { nonce: request.nonce, fees: { maxPriorityFeePerGasWei: tip, priorityFeeMultiplier: multiplier } };
}

function invalid(message: string): ApiError {
  return ApiError.badRequest(ErrorCode.VALIDATION_ERROR, message);
}
