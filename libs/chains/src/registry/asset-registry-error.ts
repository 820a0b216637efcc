export type AssetRegistryErrorCode =
  | 'UNKNOWN_CHAIN'
  | 'INVALID_CONTRACT'
  | 'INVALID_DECIMALS'
  | 'INVALID_ASSET_TYPE'
  | 'INVALID_ASSET'
  | 'ASSET_NOT_FOUND';

/** A rejected asset registry change; `code` is stable so the API can map it to its envelope. */
export class AssetRegistryError extends Error {
  constructor(
    readonly code: AssetRegistryErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AssetRegistryError';
  }
}
