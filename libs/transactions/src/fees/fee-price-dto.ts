import type { FeePrice } from './fee-mode';
import type { FeePriceDto } from './fees.response';

/** A price point in the uniform wire shape (fields of the other mode null). */
export function toFeePriceDto(price: FeePrice): FeePriceDto {
  return price.mode === 'EIP1559'
    ? { maxPriorityFeePerGas: price.maxPriorityFeePerGas, maxFeePerGas: price.maxFeePerGas, gasPrice: null }
    : { maxPriorityFeePerGas: null, maxFeePerGas: null, gasPrice: price.gasPrice };
}
