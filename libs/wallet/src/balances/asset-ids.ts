import {
  isEvmAddress,
  isEvmFamily,
  NATIVE_CONTRACT,
  normaliseAddress,
  toTronBase58,
  TRC10_ID,
} from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';

export const MAX_ASSET_IDS = 100;

export interface RequestedAssets {
  /** Stored-form contracts asked for by name; empty when the client named none (→ the chain's defaults). */
  readonly contracts: readonly string[];
  readonly nativeNamed: boolean;
}

/**
 * Parses the comma-separated `assetIds`: each 'native' or a contract valid for the chain's family.
 * Anything else is 400 INVALID_ASSET_ID; whether a valid id is registered is checked later.
 */
export function parseAssetIds(family: string, raw: string): RequestedAssets {
  // Clients ask for the same few asset lists again and again; a parse is immutable, so it is shared.
  // Short lists only, so the memory stays bounded (at most PARSED_MAX × CACHED_TEXT_MAX characters).
  if (raw.length > CACHED_TEXT_MAX) return parse(family, raw);
  const key = `${family}|${raw}`;
  let requested = parsedAssetIds.get(key);
  if (requested === undefined) {
    requested = parse(family, raw);
    if (parsedAssetIds.size >= PARSED_MAX) parsedAssetIds.clear();
    parsedAssetIds.set(key, requested);
  }
  return requested;
}

const parsedAssetIds = new Map<string, RequestedAssets>();
const PARSED_MAX = 4_096;
const CACHED_TEXT_MAX = 512;

function parse(family: string, raw: string): RequestedAssets {
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
  if (ids.length > MAX_ASSET_IDS) {
    throw ApiError.badRequest(ErrorCode.INVALID_ASSET_ID, `At most ${MAX_ASSET_IDS} assetIds per request`);
  }
  const contracts: string[] = [];
  let nativeNamed = false;
  for (const id of ids) {
    if (id.toLowerCase() === NATIVE_CONTRACT) {
      nativeNamed = true;
      continue;
    }
    // Tron contracts are stored base58; the node's hex form (`41…`) is accepted too; a TRC-10 token is its id.
    if (family === 'Tron' && TRC10_ID.test(id)) {
      contracts.push(id);
      continue;
    }
    const tron = family === 'Tron' ? toTronBase58(id) : null;
    const valid = isEvmFamily(family) ? isEvmAddress(id) : tron !== null;
    if (!valid) {
      throw ApiError.badRequest(
        ErrorCode.INVALID_ASSET_ID,
        `${JSON.stringify(id.slice(0, 100))} is not an asset id: expected 'native' or a contract address` +
          (family === 'Tron' ? ' or a TRC-10 token id' : ''),
      );
    }
    contracts.push(normaliseAddress(tron ?? id));
  }
  return Object.freeze({ contracts: Object.freeze([...new Set(contracts)]), nativeNamed });
}
