import type { PoolClient } from 'pg';
import type { NftHoldingDelta } from './nft-holding-deltas';

/**
 * Adds the deltas to `nft_holdings` in one statement (distinct keys, as aggregateNftHoldingDeltas returns
 * them). Rows that reach zero stay, like balances: readers take amount > 0.
 */
export async function applyNftHoldingDeltas(
  client: PoolClient,
  deltas: readonly NftHoldingDelta[],
): Promise<void> {
  if (deltas.length === 0) return;
  const columns = {
    chain: [] as string[],
    contract: [] as string[],
    tokenId: [] as string[],
    owner: [] as string[],
    standard: [] as string[],
    amount: [] as string[],
  };
  for (const d of deltas) {
    columns.chain.push(d.chain);
    columns.contract.push(d.contract);
    columns.tokenId.push(d.tokenId);
    columns.owner.push(d.owner);
    columns.standard.push(d.standard);
    columns.amount.push(d.amount.toString());
  }
  await client.query(
    `INSERT INTO nft_holdings (chain, contract, token_id, owner, standard, amount)
     SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::text[], $6::numeric[])
     ON CONFLICT (chain, contract, token_id, owner) DO UPDATE SET amount = nft_holdings.amount + excluded.amount`,
    Object.values(columns),
  );
}
