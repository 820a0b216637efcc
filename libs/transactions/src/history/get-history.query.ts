import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type Database, DATABASE } from '@chainwire/core';
import { decimalLiteral } from '@chainwire/wallet';
import { ChainDirectory, displayContract, parseAccountAddress } from '@chainwire/chains';
import { decodeCursor, encodeCursor } from './history-cursor';
import type { HistoryQuery } from './history-query.schema';
import { readHistoryPage, type HistoryItemRow } from './history.repository';
import type { HistoryAsset, HistoryItem, HistoryResult } from './history.response';

export class GetHistoryQuery extends Query<HistoryResult> {
  constructor(
    readonly address: string,
    readonly params: HistoryQuery,
  ) {
    super();
  }
}

/** A page of an address's transfers from the history read model (no chain calls). */
@QueryHandler(GetHistoryQuery)
export class GetHistoryHandler implements IQueryHandler<GetHistoryQuery, HistoryResult> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly chains: ChainDirectory,
  ) {}

  async execute({ address, params }: GetHistoryQuery): Promise<HistoryResult> {
    const chain = this.chains.cached(params.chain) ?? (await this.chains.require(params.chain));
    const account = parseAccountAddress(chain.family, address);
    const cursor = params.cursor === undefined ? undefined : decodeCursor(params.cursor);
    const rows = await readHistoryPage(this.db, {
      chain: chain.id,
      address: account.key,
      cursor,
      limit: params.limit + 1,
    });
    const page = rows.slice(0, params.limit);
    const last = page[page.length - 1];
    return {
      chain: chain.id,
      address: account.display,
      items: new PageItems(chain.family, chain.decimals).of(page),
      nextCursor:
        rows.length > params.limit && last
          ? encodeCursor({ blockNumber: BigInt(last.block_number), seq: BigInt(last.seq) })
          : null,
    };
  }
}

const DIRECTIONS = { in: 'IN', out: 'OUT', self: 'SELF' } as const satisfies Record<
  HistoryItemRow['direction'],
  HistoryItem['direction']
>;

/**
 * A page's rows as items. Rows of one block share its time and rows of one asset its description, and
 * both usually come in runs: each is formatted once per run (a checksum, a date) and the asset object
 * is shared between items, which the response only reads.
 */
class PageItems {
  private timestamp = '';
  private time = '';
  private assetKey = '';
  private asset: HistoryAsset | undefined;

  constructor(
    private readonly family: string,
    private readonly nativeDecimals: number,
  ) {}

  of(rows: readonly HistoryItemRow[]): HistoryItem[] {
    return rows.map((row) => this.item(row));
  }

  private item(row: HistoryItemRow): HistoryItem {
    const asset = this.assetOf(row);
    const amount = BigInt(row.amount);
    return {
      txHash: row.tx_hash,
      blockNumber: BigInt(row.block_number),
      blockHash: row.block_hash,
      time: this.timeOf(row.timestamp),
      direction: DIRECTIONS[row.direction],
      counterparty: row.counterparty,
      kind: row.kind,
      asset,
      amountSmallestUnit: amount,
      amount: asset.decimals === null ? null : decimalLiteral({ units: amount, scale: asset.decimals }),
      tokenId: row.token_id === null ? null : BigInt(row.token_id),
      status: 'CONFIRMED',
    };
  }

  private timeOf(timestamp: string): string {
    if (timestamp !== this.timestamp) {
      this.timestamp = timestamp;
      this.time = new Date(Number(timestamp) * 1000).toISOString();
    }
    return this.time;
  }

  private assetOf(row: HistoryItemRow): HistoryAsset {
    const key = `${row.asset}|${row.kind}|${row.symbol}|${row.decimals}`;
    if (this.asset === undefined || key !== this.assetKey) {
      const native = row.asset === 'native';
      this.assetKey = key;
      this.asset = {
        assetId: native ? 'native' : displayContract(this.family, row.asset),
        type: native ? 'native' : row.kind,
        symbol: row.symbol,
        decimals: native
          ? this.nativeDecimals
          : row.kind === 'erc721' || row.kind === 'erc1155'
            ? 0
            : row.decimals,
      };
    }
    return this.asset;
  }
}
