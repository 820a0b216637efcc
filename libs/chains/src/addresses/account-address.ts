import { getAddress } from 'viem';
import { ApiError, ErrorCode, normaliseAddress } from '@chainwire/core';
import { isEvmFamily } from '../registry/chain-registry';
import { isEvmAddress } from '../registry/contract-address';
import { toTronBase58 } from '../tron/tron-address';

export interface AccountAddress {
  /** As shown to clients: EIP-55 checksummed for EVM chains, base58 for Tron. */
  readonly display: string;
  /** As stored in read models (lower-case hex, base58 as is). */
  readonly key: string;
}

const CACHE_MAX = 10_000;
/** Valid EVM addresses as sent → parsed. A client asks about the same few addresses again and again; checks cost keccaks. */
const evmAccounts = new Map<string, AccountAddress>();

/**
 * Validates an account address for a chain family. An EVM address may be all lower-case or
 * correctly checksummed (a mixed-case typo fails): 400 INVALID_ADDRESS otherwise.
 */
export function parseAccountAddress(family: string, raw: string): AccountAddress {
  const value = raw.trim();
  if (isEvmFamily(family)) {
    const cached = evmAccounts.get(value);
    if (cached) return cached;
    if (!isEvmAddress(value)) throw invalid(raw, family);
    const account = { display: getAddress(value), key: normaliseAddress(value) };
    if (evmAccounts.size >= CACHE_MAX) evmAccounts.clear();
    evmAccounts.set(value, account);
    return account;
  }
  if (family === 'Tron') {
    // Base58 (`T…`) on the wire; the node's hex form (`41…`) is accepted on input and shown as base58.
    const base58 = toTronBase58(value);
    if (base58 === null) throw invalid(raw, family);
    return { display: base58, key: normaliseAddress(base58) };
  }
  throw ApiError.badRequest(
    ErrorCode.UNSUPPORTED_CHAIN,
    `${family} chains are not supported by this endpoint yet`,
  );
}

function invalid(raw: string, family: string): ApiError {
  return ApiError.badRequest(
    ErrorCode.INVALID_ADDRESS,
    `${JSON.stringify(raw.slice(0, 100))} is not a valid ${family === 'Tron' ? 'Tron' : 'EVM'} address`,
  );
}

/** Stored contract → display form. Contracts recur on every page of history and balances; a checksum is a keccak. */
const displayCache = new Map<string, string>();

/** An asset contract for a family, in display form (checksummed hex, base58 as is). */
export function displayContract(family: string, contract: string): string {
  if (!isEvmFamily(family)) return contract;
  let display = displayCache.get(contract);
  if (display === undefined) {
    display = isEvmAddress(contract) ? getAddress(contract) : contract;
    if (displayCache.size >= CACHE_MAX) displayCache.clear();
    displayCache.set(contract, display);
  }
  return display;
}
