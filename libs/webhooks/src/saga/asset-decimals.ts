import type { RecordedEvent } from '@chainwire/event-store';
import { isTransferEvent } from '@chainwire/chain-events';
import { type Database, normaliseAddress } from '@chainwire/core';

/**
 * The scale of each transfer's webhook `amount` (docs/architecture.md §8): the chain's decimals for
 * its native coin, the decimals of an operator-curated (verified) asset registry row for a token; null
 * for any other token, whose amount then goes out in smallest units (transferReceivedBody). Requests
 * never write the registry, so no tenant changes what a delivery's amount means for another.
 */
export async function loadAssetDecimals(
  db: Database,
  events: readonly RecordedEvent[],
): Promise<(chain: string, asset: string) => number | null> {
  const chains = new Set<string>();
  for (const e of events) if (isTransferEvent(e)) chains.add(e.data.chain);
  if (chains.size === 0) return () => null;
  const { rows } = await db.pool.query<{ chain: string; contract: string; decimals: number }>(
    `SELECT id AS chain, 'native' AS contract, decimals FROM chains WHERE id = ANY($1)
     UNION ALL SELECT chain, contract, decimals FROM assets
                WHERE chain = ANY($1) AND contract <> 'native' AND verified`,
    [[...chains]],
  );
  const table = new Map(rows.map((r) => [`${r.chain}|${r.contract}`, r.decimals]));
  return (chain, asset) => table.get(`${chain}|${normaliseAddress(asset)}`) ?? null;
}
