import { ChainErrorCode } from '@chainwire/core';

/**
 * Envelope codes of the transaction routes, beside the shared ones of libs/core (VALIDATION_ERROR,
 * UNKNOWN_CHAIN, UNSUPPORTED_CHAIN, INVALID_ADDRESS, SERVICE_UNAVAILABLE…). Published codes keep their meaning.
 */
export const TxErrorCode = {
  /** 400: `amount` was given but the asset's decimals are not known (token not in the asset registry). */
  DECIMALS_UNRESOLVED: 'DECIMALS_UNRESOLVED',
  /** 400: a txType this service cannot prepare (yet). */
  UNSUPPORTED_TX_TYPE: 'UNSUPPORTED_TX_TYPE',
  /** 400: tokenContract names no token on the chain (Solana: no SPL Token / Token-2022 mint at that address). */
  UNKNOWN_TOKEN: 'UNKNOWN_TOKEN',
  /** 422: the prepared transaction would fail on chain (an ExecutionFailedError, answered by the exception filter). */
  SIMULATION_FAILED: ChainErrorCode.SIMULATION_FAILED,
  /** 400: the node refused the signed transaction (a BroadcastRejectedError, answered by the exception filter). */
  BROADCAST_REJECTED: ChainErrorCode.BROADCAST_REJECTED,
} as const;

export type TxErrorCode = (typeof TxErrorCode)[keyof typeof TxErrorCode];
