/**
 * Envelope codes of the staking routes, beside the shared ones of libs/core (VALIDATION_ERROR,
 * UNKNOWN_CHAIN, INVALID_ADDRESS, SERVICE_UNAVAILABLE…). Published codes keep their meaning.
 */
export const StakingErrorCode = {
  /** 400: the chain has no staking in this deployment (no `<CHAIN>_STAKE_HUB`, no node). */
  STAKING_NOT_SUPPORTED: 'STAKING_NOT_SUPPORTED',
  /** 400: the stake hub knows no validator with this operator address. */
  UNKNOWN_VALIDATOR: 'UNKNOWN_VALIDATOR',
  /** 400: the address holds no stake with this validator. */
  NOTHING_STAKED: 'NOTHING_STAKED',
  /** 400: more than the address has staked with the validator was asked for. */
  INSUFFICIENT_STAKE: 'INSUFFICIENT_STAKE',
} as const;

export type StakingErrorCode = (typeof StakingErrorCode)[keyof typeof StakingErrorCode];
