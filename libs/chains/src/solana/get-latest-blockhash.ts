import type { Connection } from '@solana/web3.js';
import { solanaCall } from './solana-errors';

export interface SolanaBlockhash {
  readonly blockhash: string;
  /** The last block height at which a transaction with this blockhash is still accepted. */
  readonly lastValidBlockHeight: bigint;
}

/** `getLatestBlockhash` at the connection's commitment. */
export async function getLatestBlockhash(connection: Connection): Promise<SolanaBlockhash> {
  const { blockhash, lastValidBlockHeight } = await solanaCall('getLatestBlockhash', () =>
    connection.getLatestBlockhash(),
  );
  return { blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) };
}
