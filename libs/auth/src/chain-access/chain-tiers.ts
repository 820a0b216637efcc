import type { Pool } from 'pg';

const TTL_MS = 60_000;

/**
 * Chain id → tier from the chains table, cached: it is reference data that changes with a deploy.
 * A miss reloads at once, so a chain registered after boot is seen on its first request.
 */
export class ChainTiers {
  private tiers = new Map<string, number>();
  private loadedAt = 0;

  constructor(
    private readonly pool: Pool,
    private readonly now: () => number = Date.now,
  ) {}

  /** The chain's tier, or undefined for a chain not in the registry. */
  async tierOf(chain: string): Promise<number | undefined> {
    if (this.now() - this.loadedAt > TTL_MS || !this.tiers.has(chain)) await this.reload();
    return this.tiers.get(chain);
  }

  private async reload(): Promise<void> {
    const { rows } = await this.pool.query<{ id: string; tier: number }>('SELECT id, tier FROM chains');
    this.tiers = new Map(rows.map((r) => [r.id, r.tier]));
    this.loadedAt = this.now();
  }
}
