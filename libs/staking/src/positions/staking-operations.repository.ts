import type { Database } from '@chainwire/core';
import type { StakeObservedData } from '@chainwire/chain-events';
import type { StakeOperationRow } from './stake-operation-row';

interface Row {
  operation: string;
  validator: string | null;
  amount: string;
  shares: string | null;
  resource: string | null;
  receiver: string | null;
  unlock_time_ms: string | null;
  votes: { validator: string; count: string }[] | null;
  timestamp: string;
  block_number: string;
  observed: StakeObservedData | null;
}

/** An owner's canonical stake operations on a chain, oldest first (block, then place in the block). */
export async function readOwnerOperations(
  db: Database,
  chain: string,
  owner: string,
): Promise<StakeOperationRow[]> {
  const { rows } = await db.pool.query<Row>(
    `SELECT operation, validator, amount::text, shares::text, resource, receiver, unlock_time_ms::text, votes,
            timestamp::text, block_number::text, observed
       FROM staking_operations WHERE chain = $1 AND owner = $2 ORDER BY block_number, ordinal`,
    [chain, owner],
  );
  return rows.map((r) => ({
    operation: r.operation as StakeOperationRow['operation'],
    blockNumber: BigInt(r.block_number),
    validator: r.validator,
    amount: BigInt(r.amount),
    shares: r.shares === null ? null : BigInt(r.shares),
    resource: r.resource as StakeOperationRow['resource'],
    receiver: r.receiver,
    unlockTimeMs: r.unlock_time_ms === null ? null : Number(r.unlock_time_ms),
    votes: r.votes,
    timestampMs: Number(r.timestamp) * 1000,
    observed: r.observed,
  }));
}
