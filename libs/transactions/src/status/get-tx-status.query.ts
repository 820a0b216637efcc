import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Hash } from 'viem';
import { getTransactionStatus } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { TxChainResolver } from '../chains/tx-chain';
import { withChainErrors } from '../errors/chain-errors';
import type { TxStatusResult } from './tx-status.response';

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

export class GetTxStatusQuery extends Query<TxStatusResult> {
  constructor(
    readonly chain: string,
    readonly txHash: string,
  ) {
    super();
  }
}

/** A transaction's live status, straight from the node (the indexer may lag it). */
@QueryHandler(GetTxStatusQuery)
export class GetTxStatusHandler implements IQueryHandler<GetTxStatusQuery, TxStatusResult> {
  constructor(private readonly chains: TxChainResolver) {}

  async execute({ chain: id, txHash }: GetTxStatusQuery): Promise<TxStatusResult> {
    if (!TX_HASH.test(txHash)) {
      throw ApiError.badRequest(ErrorCode.VALIDATION_ERROR, 'txHash must be 0x followed by 64 hex digits');
    }
    const chain = await this.chains.resolve(id);
    const hash = txHash.toLowerCase() as Hash;
    const status = await withChainErrors(() => getTransactionStatus(chain.client, hash));
    return { chain: chain.entry.id, txHash: hash, ...status };
  }
}
