import type { Connection, Message, VersionedMessage } from '@solana/web3.js';
import { solanaWeb3 } from './solana-libraries';
import { ChainUnavailableError, ExecutionFailedError } from '../evm/transactions/tx-errors';
import { solanaCall } from './solana-errors';

/**
 * Runs `message` unsigned on the node (`simulateTransaction`, sigVerify off) and answers the compute units it
 * consumed. A transaction that fails (insufficient lamports, a token program error…) is ExecutionFailedError
 * with the node's error and the last program logs as the reason.
 */
export async function simulateComputeUnits(
  connection: Connection,
  message: Message | VersionedMessage,
): Promise<bigint> {
  const tx = new (solanaWeb3().VersionedTransaction)(message as VersionedMessage);
  const { value } = await solanaCall('simulateTransaction', () =>
    connection.simulateTransaction(tx, { sigVerify: false, replaceRecentBlockhash: false }),
  );
  if (value.err !== null) {
    const logs = (value.logs ?? []).slice(-3).join(' | ');
    throw new ExecutionFailedError(
      `Solana simulation failed: ${JSON.stringify(value.err)}${logs ? ` (${logs})` : ''}`.slice(0, 1000),
    );
  }
  if (value.unitsConsumed === undefined) {
    throw new ChainUnavailableError('The Solana node simulated without reporting unitsConsumed');
  }
  return BigInt(value.unitsConsumed);
}
