import type { Connection } from '@solana/web3.js';
import { solanaCall } from './solana-errors';

/** `getMinimumBalanceForRentExemption`: the lamports an account of `dataLength` bytes must hold to exist. */
export async function getRentExemptMinimum(connection: Connection, dataLength: number): Promise<bigint> {
  return BigInt(
    await solanaCall('getMinimumBalanceForRentExemption', () =>
      connection.getMinimumBalanceForRentExemption(dataLength),
    ),
  );
}
