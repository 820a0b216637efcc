import type { AccountInfo, Connection, PublicKey } from '@solana/web3.js';
import { solanaCall } from './solana-errors';

/** The accounts at `keys` in one `getMultipleAccounts` call (base64 data); null where none exists. */
export function getAccounts(
  connection: Connection,
  keys: readonly PublicKey[],
): Promise<(AccountInfo<Buffer> | null)[]> {
  return solanaCall('getMultipleAccounts', () => connection.getMultipleAccountsInfo([...keys]));
}
