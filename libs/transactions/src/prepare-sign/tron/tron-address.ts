import { isTronAddress, tronWeb } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';

const HEX_TRON_ADDRESS = /^41[0-9a-fA-F]{40}$/;

/** A Tron address as sent: base58 `T…` (checksum verified) or hex `41…`; both forms, or 400 INVALID_ADDRESS. */
export function parseTronAddress(raw: string, field: string): { base58: string; hex: string } {
  const value = raw.trim();
  if (isTronAddress(value)) return { base58: value, hex: tronWeb().address.toHex(value).toLowerCase() };
  if (HEX_TRON_ADDRESS.test(value))
    return { base58: tronWeb().address.fromHex(value), hex: value.toLowerCase() };
  throw ApiError.badRequest(
    ErrorCode.INVALID_ADDRESS,
    `${field} ${JSON.stringify(raw.slice(0, 100))} is not a valid Tron address (base58 T… or hex 41…)`,
  );
}
