import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { TxChainResolver } from '../chains/tx-chain';
import { withChainErrors } from '../errors/chain-errors';
import { ChainRpcRegistry } from '../rpc/chain-rpc-registry';
import { toFeePriceDto } from './fee-price-dto';
import { FeeService } from './fee-service';
import type { FeesResult } from './fees.response';

export class GetFeesQuery extends Query<FeesResult> {
  constructor(readonly chain: string) {
    super();
  }
}

/** The chain's current fee levels, live from its node. */
@QueryHandler(GetFeesQuery)
export class GetFeesHandler implements IQueryHandler<GetFeesQuery, FeesResult> {
  constructor(
    private readonly chains: TxChainResolver,
    private readonly fees: FeeService,
    private readonly rpc: ChainRpcRegistry,
  ) {}

  async execute({ chain: id }: GetFeesQuery): Promise<FeesResult> {
    const chain = await this.chains.resolve(id);
    const [levels, chainId] = await Promise.all([
      this.fees.levels(chain),
      withChainErrors(() => this.rpc.evmChainId(chain.entry.id, chain.client)),
    ]);
    return {
      chain: chain.entry.id,
      chainId,
      mode: levels.mode,
      baseFeePerGas: levels.baseFeePerGas,
      slow: toFeePriceDto(levels.slow),
      standard: toFeePriceDto(levels.standard),
      fast: toFeePriceDto(levels.fast),
    };
  }
}
