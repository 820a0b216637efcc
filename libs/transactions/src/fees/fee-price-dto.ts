import type { FeePrice } from './fee-mode';
import type { FeePriceDto } from './fees.response';

/** An EVM price point in the uniform wire shape (fields of the other modes null). */
export function toFeePriceDto(price: FeePrice): FeePriceDto {
  return price.mode === 'EIP1559'
    ? {
        maxPriorityFeePerGas: price.maxPriorityFeePerGas,
        maxFeePerGas: price.maxFeePerGas,
        gasPrice: null,
        computeUnitPrice: null,
      }
    : { maxPriorityFeePerGas: null, maxFeePerGas: null, gasPrice: price.gasPrice, computeUnitPrice: null };
}

/** A Solana compute-unit price in the same shape. */
export function solanaFeePriceDto(microLamportsPerCu: bigint): FeePriceDto {
  return {
    maxPriorityFeePerGas: null,
    maxFeePerGas: null,
    gasPrice: null,
    computeUnitPrice: microLamportsPerCu,
  };
}
