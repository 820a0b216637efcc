import type { PoolClient } from 'pg';
import type { BalanceDelta } from './balance-deltas';

/**
 * Adds the deltas to `balances` in one statement. Deltas must have distinct keys (as
 * aggregateBalanceDeltas returns them): ON CONFLICT cannot touch one row twice in a statement.
 * Rows that reach zero stay: a row records that the address has held the asset, and readers skip
 * zero amounts. `last_block` only grows, so an observation is never placed after a change it misses
 * (apply-balance-batch.ts).
 */
export async function applyBalanceDeltas(client: PoolClient, deltas: readonly BalanceDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const chains = new Array<string>(deltas.length);
  const addresses = new Array<string>(deltas.length);
  const assets = new Array<string>(deltas.length);
  const amounts = new Array<string>(deltas.length);
  const lastBlocks = new Array<number>(deltas.length);
  deltas.forEach((d, i) => {
    chains[i] = d.chain;
    addresses[i] = d.address;
    assets[i] = d.asset;
    amounts[i] = d.amount.toString();
    lastBlocks[i] = d.lastBlock;
  });
  await client.query(
    `INSERT INTO balances (chain, address, asset, amount, last_block)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::numeric[])
     ON CONFLICT (chain, address, asset) DO UPDATE
       SET amount = balances.amount + excluded.amount,
           last_block = greatest(balances.last_block, excluded.last_block)`,
    [chains, addresses, assets, amounts, lastBlocks],
  );
}
