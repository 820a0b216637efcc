import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ApiKeyRecord } from '@chainwire/auth';
import { SwapRepository } from '../lifecycle/swap-repository';
import { SWAPS_OPTIONS, type SwapsModuleOptions } from '../swaps-options';
import type { SwapStatusResult } from './swap-status.response';

export class GetSwapStatusQuery extends Query<SwapStatusResult> {
  constructor(
    readonly quoteId: string,
    readonly apiKey: ApiKeyRecord,
  ) {
    super();
  }
}

/** A swap's status from the swaps read model (docs/architecture.md §14); a quote past its expiry is expired here. */
@QueryHandler(GetSwapStatusQuery)
export class GetSwapStatusHandler implements IQueryHandler<GetSwapStatusQuery, SwapStatusResult> {
  constructor(
    private readonly swaps: SwapRepository,
    @Inject(SWAPS_OPTIONS) private readonly options: SwapsModuleOptions,
  ) {}

  async execute({ quoteId, apiKey }: GetSwapStatusQuery): Promise<SwapStatusResult> {
    const loaded = await this.swaps.load(quoteId, apiKey.id);
    const state = await this.swaps.expireIfDue(loaded, this.options.now?.() ?? new Date());
    return {
      quoteId: state.quote.quoteId,
      provider: state.quote.provider,
      status: state.status,
      srcChain: state.quote.srcChain,
      dstChain: state.quote.dstChain,
      txHash: state.txHash,
    };
  }
}
