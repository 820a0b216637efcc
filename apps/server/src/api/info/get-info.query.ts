import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type Database, DATABASE } from '@chainwire/core';
import type { InfoResult } from './info.response';

export class GetInfoQuery extends Query<InfoResult> {
  constructor(readonly apiKeyId: string) {
    super();
  }
}

/**
 * One statement over the registries, the blocks read model and the subscriptions read model. Blocks
 * are counted from the lowest and highest indexed numbers (two probes of the primary key per chain,
 * never a scan): the indexer holds every height between them, a reorg replacing blocks in place.
 */
@QueryHandler(GetInfoQuery)
export class GetInfoHandler implements IQueryHandler<GetInfoQuery, InfoResult> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ apiKeyId }: GetInfoQuery): Promise<InfoResult> {
    const { rows } = await this.db.pool.query<{
      chains: number;
      assets: number;
      subscriptions: number;
      blocks: { chain: string; first: string; latest: string }[];
    }>(
      `SELECT (SELECT count(*)::int FROM chains) AS chains,
              (SELECT count(*)::int FROM assets WHERE status = 'active') AS assets,
              (SELECT count(*)::int FROM webhook_subscriptions
                WHERE api_key_id = $1 AND status <> 'deleted') AS subscriptions,
              (SELECT coalesce(json_agg(json_build_object('chain', c.id, 'first', b.first::text,
                                                          'latest', b.latest::text) ORDER BY c.id), '[]')
                 FROM chains c
                 CROSS JOIN LATERAL (SELECT min(number) AS first, max(number) AS latest
                                       FROM blocks WHERE chain = c.id) b
                WHERE b.latest IS NOT NULL) AS blocks`,
      [apiKeyId],
    );
    const row = rows[0]!;
    return {
      chains: row.chains,
      assets: row.assets,
      indexedBlocks: row.blocks.map((b) => ({
        chain: b.chain,
        blocks: BigInt(b.latest) - BigInt(b.first) + 1n,
        firstBlock: BigInt(b.first),
        latestBlock: BigInt(b.latest),
      })),
      subscriptions: row.subscriptions,
    };
  }
}
