import type { Address, Hex } from 'viem';

/** The fee fields of an EVM transaction as prepare-sign answers them. */
export interface PreparedEvmFee {
  readonly mode: 'EIP1559' | 'LEGACY';
  readonly gasLimit: bigint;
  readonly baseFeePerGas: bigint | null;
  readonly maxPriorityFeePerGas: bigint | null;
  readonly maxFeePerGas: bigint | null;
  readonly gasPrice: bigint | null;
}

/** An unsigned EVM transaction in prepare-sign's shape. */
export interface PreparedEvmCall {
  readonly chain: string;
  readonly chainId: number;
  readonly from: Address;
  readonly to: Address;
  readonly valueWei: bigint;
  readonly data: Hex;
  readonly nonce: number;
  readonly fee: PreparedEvmFee;
}

/**
 * Prepares an EVM contract call for signing (nonce, fees, gas, simulation). Staking states what it needs
 * and the app supplies the transactions feature's implementation (its ContractCallPreparer), so staking
 * reuses those services without depending on the feature (docs/architecture.md §2, §13).
 */
export interface EvmCallPreparer {
  prepare(request: EvmCallRequest): Promise<PreparedEvmCall>;
}

/**
 * The call to prepare, with the client's overrides as prepare-sign's request carries them. The preparer
 * checks them with prepare-sign's rules (a bad value is 400 VALIDATION_ERROR, never ignored) and applies
 * them as prepare-sign does: the nonce instead of the pending one, the tip instead of the standard one,
 * the multiplier on the standard tip or gas price.
 */
export interface EvmCallRequest {
  readonly chain: string;
  readonly from: Address;
  readonly to: Address;
  readonly data: Hex;
  readonly valueWei: bigint;
  readonly nonce?: number;
  readonly maxPriorityFeePerGasWei?: bigint;
  readonly priorityFeeMultiplier?: string;
}

export const EVM_CALL_PREPARER = Symbol('EvmCallPreparer');
