import type { EvmTxFeeFields } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { adjustPrice } from '../fees/evm/evm-fee-policy';
import type { FeeAdjustments, FeeLevels, FeePrice } from '../fees/fee-mode';
import type { TxFeeDto } from './prepare-sign.response';

/** The price as a transaction carries it: EIP-1559's two caps, or a legacy gas price. */
export function evmTxFeeFields(price: FeePrice): EvmTxFeeFields {
  return price.mode === 'EIP1559'
    ? { maxFeePerGas: price.maxFeePerGas, maxPriorityFeePerGas: price.maxPriorityFeePerGas }
    : { gasPrice: price.gasPrice };
}

/** The fee of a prepared EVM transaction on the wire: every field present, those of the other mode null. */
export function evmTxFeeDto(price: FeePrice, gasLimit: bigint, baseFeePerGas: bigint | null): TxFeeDto {
  return {
    mode: price.mode,
    gasLimit,
    baseFeePerGas,
    maxPriorityFeePerGas: price.mode === 'EIP1559' ? price.maxPriorityFeePerGas : null,
    maxFeePerGas: price.mode === 'EIP1559' ? price.maxFeePerGas : null,
    gasPrice: price.mode === 'LEGACY' ? price.gasPrice : null,
  };
}

/**
 * The standard price with the client's adjustments (adjustPrice). A tip override on a chain without an
 * EIP-1559 fee market is 400 VALIDATION_ERROR rather than ignored: its gas price has no tip to replace.
 */
export function adjustedEvmPrice(chain: string, levels: FeeLevels, fees: FeeAdjustments): FeePrice {
  if (levels.mode === 'LEGACY' && fees.maxPriorityFeePerGasWei !== undefined) {
    throw ApiError.badRequest(
      ErrorCode.VALIDATION_ERROR,
      `${chain} has no EIP-1559 fee market: maxPriorityFeePerGasWei does not apply (use priorityFeeMultiplier)`,
    );
  }
  return adjustPrice(levels, fees);
}
