import type { PoolClient } from 'pg';

/**
 * How far below its head the balances projection remembers a chain's block hashes: an observation of
 * an older block than this is dropped and taken again (apply-balance-batch.ts). It covers a Tron
 * observation of the solidified block while the indexer follows the head, and any race between an
 * observation and the indexer.
 */
export const RECENT_BLOCK_HASHES = 128;

/** The balances projection's view of one chain: its last applied block and the hashes just below. */
export class ChainHead {
  changed = false;

  constructor(
    public number: bigint | undefined,
    /** Newest first: hashes[i] is block number − i; lower-case. */
    private hashes: string[],
  ) {}

  get recentHashes(): readonly string[] {
    return this.hashes;
  }

  /** The hash the projection applied at `block`, when it is recent enough to be known. */
  hashAt(block: bigint): string | undefined {
    if (this.number === undefined) return undefined;
    const i = this.number - block;
    return i >= 0n && i < BigInt(this.hashes.length) ? this.hashes[Number(i)] : undefined;
  }

  /** BlockIndexed n: the next block, or (after a gap, at the start) a new run of hashes. */
  advance(n: bigint, hash: string): void {
    const next = this.number !== undefined && n === this.number + 1n;
    this.hashes = next
      ? [hash.toLowerCase(), ...this.hashes.slice(0, RECENT_BLOCK_HASHES - 1)]
      : [hash.toLowerCase()];
    this.number = n;
    this.changed = true;
  }

  /** BlockReverted n: the head goes back to n's parent. */
  retreat(n: bigint, parentHash: string): void {
    const parent = parentHash.toLowerCase();
    const rest = this.number === n ? this.hashes.slice(1) : [];
    this.hashes = rest[0] === parent ? rest : [parent];
    this.number = n - 1n;
    this.changed = true;
  }
}

/** Every chain's head as the projection left it (a chain not yet seen has none). */
export async function loadBalanceHeads(
  client: PoolClient,
  chains: readonly string[],
): Promise<Map<string, ChainHead>> {
  const heads = new Map<string, ChainHead>();
  for (const chain of chains) heads.set(chain, new ChainHead(undefined, []));
  if (chains.length === 0) return heads;
  const { rows } = await client.query<{ chain: string; number: string; hashes: string[] }>(
    'SELECT chain, number::text AS number, hashes FROM balance_heads WHERE chain = ANY($1::text[])',
    [chains],
  );
  for (const row of rows) heads.set(row.chain, new ChainHead(BigInt(row.number), row.hashes));
  return heads;
}

export async function saveBalanceHeads(
  client: PoolClient,
  heads: ReadonlyMap<string, ChainHead>,
): Promise<void> {
  for (const [chain, head] of heads) {
    if (!head.changed || head.number === undefined) continue;
    await client.query(
      `INSERT INTO balance_heads (chain, number, hashes) VALUES ($1, $2, $3)
       ON CONFLICT (chain) DO UPDATE SET number = excluded.number, hashes = excluded.hashes`,
      [chain, head.number.toString(), head.recentHashes],
    );
  }
}
