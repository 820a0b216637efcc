import { tronHex } from './tron-address';
import type { TronHttpClient } from './tron-http-client';
import { type TronAccountResourceJson, wireBigInt } from './tron-wire';

/** An account's energy and bandwidth (`/wallet/getaccountresource`); fields the node leaves out are 0. */
export interface TronAccountResource {
  readonly energyUsed: bigint;
  readonly energyLimit: bigint;
  /** The free daily allowance's use and limit (freeNetUsed / freeNetLimit). */
  readonly freeNetUsed: bigint;
  readonly freeNetLimit: bigint;
  /** Bandwidth from staked TRX (NetUsed / NetLimit). */
  readonly netUsed: bigint;
  readonly netLimit: bigint;
}

/** `address` in base58; an account the chain has never seen answers `{}`: all zero. */
export async function getAccountResource(
  client: TronHttpClient,
  address: string,
): Promise<TronAccountResource> {
  const json = await client.post<TronAccountResourceJson>(
    '/wallet/getaccountresource',
    { address: tronHex(address) },
    { exact: true },
  );
  return {
    energyUsed: wireBigInt(json.EnergyUsed, 'EnergyUsed'),
    energyLimit: wireBigInt(json.EnergyLimit, 'EnergyLimit'),
    freeNetUsed: wireBigInt(json.freeNetUsed, 'freeNetUsed'),
    freeNetLimit: wireBigInt(json.freeNetLimit, 'freeNetLimit'),
    netUsed: wireBigInt(json.NetUsed, 'NetUsed'),
    netLimit: wireBigInt(json.NetLimit, 'NetLimit'),
  };
}
