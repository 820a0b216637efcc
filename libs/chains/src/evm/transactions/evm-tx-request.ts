import type { Address, Hex } from 'viem';

/** The fee fields of a transaction: EIP-1559 (type 2) or legacy (type 0). */
export type EvmTxFeeFields = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint };

/** An unsigned transaction as the service prepares it (what a wallet signs). */
export interface EvmTxRequest {
  from: Address;
  to: Address;
  value: bigint;
  /** undefined for a plain value transfer. */
  data?: Hex;
}
