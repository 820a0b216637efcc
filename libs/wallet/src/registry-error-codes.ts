/** Stable codes of the registry and names routes, beside core's ErrorCode (docs/architecture.md §7). */
export const RegistryErrorCode = {
  CHAIN_NOT_FOUND: 'CHAIN_NOT_FOUND',
  INVALID_SLIP_ID: 'INVALID_SLIP_ID',
  INVALID_CHAIN_FAMILY: 'INVALID_CHAIN_FAMILY',
  SYMBOL_AND_NAME: 'SYMBOL_AND_NAME',
  INVALID_LIMIT: 'INVALID_LIMIT',
  NAME_NOT_FOUND: 'NAME_NOT_FOUND',
} as const;
