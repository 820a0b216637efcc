/**
 * Envelope codes of the token routes, beside the shared ones of libs/core. Published codes keep their
 * meaning.
 */
export const TokenErrorCode = {
  /** 404: the contract is not an ERC-20 (no code, or no name, symbol and decimals). */
  TOKEN_NOT_FOUND: 'TOKEN_NOT_FOUND',
  /** 400: a balances query named a contract that is not an ERC-20. */
  NOT_A_TOKEN: 'NOT_A_TOKEN',
  /** 400: a balances query named more contracts outside the asset registry than one request may identify. */
  TOO_MANY_UNKNOWN_ASSETS: 'TOO_MANY_UNKNOWN_ASSETS',
} as const;

export type TokenErrorCode = (typeof TokenErrorCode)[keyof typeof TokenErrorCode];
