import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { formatUnits } from 'viem';
import { type Database, DATABASE, LosslessNumber } from '@chainwire/core';
import { displayContract, parseAccountAddress } from '@chainwire/wallet';
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
    const chain = await this.chains.require(params.chain);
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
      items: page.map((row) => toItem(row, chain.family, chain.decimals)),
      nextCursor:
        rows.length > params.limit && last
          ? encodeCursor({ blockNumber: BigInt(last.block_number), seq: BigInt(last.seq) })
          : null,
    };
  }
}

function toItem(row: HistoryItemRow, family: string, nativeDecimals: number): HistoryItem {
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
    time: new Date(Number(row.timestamp) * 1000).toISOString(),
    direction: row.direction.toUpperCase() as HistoryItem['direction'],
    counterparty: row.counterparty,
    kind: row.kind,
    asset: {
      assetId: native ? 'native' : displayContract(family, row.asset),
      type: native ? 'native' : row.kind,
      symbol: row.symbol,
      decimals,
    },
    amountSmallestUnit: amount,
    amount: decimals === null ? null : new LosslessNumber(formatUnits(amount, decimals)),
    tokenId: row.token_id === null ? null : BigInt(row.token_id),
    status: 'CONFIRMED',
  };
}
