import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type Database, DATABASE } from '@chainwire/core';
import { decimalLiteral, displayContract, parseAccountAddress } from '@chainwire/wallet';
import { ChainDirectory } from '@chainwire/chains';
import { decodeCursor, encodeCursor } from './history-cursor';
import type { HistoryQuery } from './history-query.schema';
import { readHistoryPage, type HistoryItemRow } from './history.repository';
import type { HistoryItem, HistoryResult } from './history.response';

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
    const times = new BlockTimes();
    const last = page[page.length - 1];
    return {
      chain: chain.id,
      address: account.display,
      items: page.map((row) => toItem(row, chain.family, chain.decimals, times)),
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

/** ISO times of a page's blocks: the rows of one block, usually next to each other, format its time once. */
class BlockTimes {
  private timestamp = '';
  private iso = '';

  of(timestamp: string): string {
    if (timestamp !== this.timestamp) {
      this.timestamp = timestamp;
      this.iso = new Date(Number(timestamp) * 1000).toISOString();
    }
    return this.iso;
  }
}

function toItem(row: HistoryItemRow, family: string, nativeDecimals: number, times: BlockTimes): HistoryItem {
  const native = row.asset === 'native';
  const decimals = native
    ? nativeDecimals
    : row.kind === 'erc721' || row.kind === 'erc1155'
      ? 0
      : row.decimals;
  const amount = BigInt(row.amount);
  return {
    txHash: row.tx_hash,
    blockNumber: BigInt(row.block_number),
    blockHash: row.block_hash,
    time: times.of(row.timestamp),
    direction: DIRECTIONS[row.direction],
    counterparty: row.counterparty,
    kind: row.kind,
    asset: {
      assetId: native ? 'native' : displayContract(family, row.asset),
      type: native ? 'native' : row.kind,
      symbol: row.symbol,
      decimals,
    },
    amountSmallestUnit: amount,
    amount: decimals === null ? null : decimalLiteral({ units: amount, scale: decimals }),
    tokenId: row.token_id === null ? null : BigInt(row.token_id),
    status: 'CONFIRMED',
  };
}
