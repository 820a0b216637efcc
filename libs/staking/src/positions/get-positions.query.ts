import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ChainDirectory } from '@chainwire/chains';
import type { Address } from 'viem';
import { ApiError } from '@chainwire/core';
import { EvmStakingChains } from '../chains/evm-staking-chains';
import { parseStakingAddress } from '../chains/staking-address';
import { TRON_CHAIN, TronStakingChain } from '../chains/tron-staking-chain';
import { StakingErrorCode } from '../staking-error-codes';
import { evmPositions } from './evm-positions';
import { EvmStakeRows } from './evm-stake-rows';
import { toPositionItem } from './position-item';
import type { StakingPositionsResult } from './positions.response';
import type { PositionsQuery } from './positions.schema';
import { TronStakeRows } from './tron-stake-rows';
import { tronPositions } from './tron-positions';

export class GetStakingPositionsQuery extends Query<StakingPositionsResult> {
  constructor(
    readonly address: string,
    readonly params: PositionsQuery,
  ) {
    super();
  }
}

/**
 * An address's positions, folded from the staking read model and the node's word on what the address
 * held when first asked (EvmStakeRows, TronStakeRows), valued through the chain adapter.
 */
@QueryHandler(GetStakingPositionsQuery)
export class GetStakingPositionsHandler implements IQueryHandler<GetStakingPositionsQuery> {
  constructor(
    private readonly chains: ChainDirectory,
    private readonly evm: EvmStakingChains,
    private readonly tron: TronStakingChain,
    private readonly tronRows: TronStakeRows,
    private readonly evmRows: EvmStakeRows,
  ) {}

  async execute({ address, params }: GetStakingPositionsQuery): Promise<StakingPositionsResult> {
    const entry = await this.chains.require(params.chain);
    const owner = parseStakingAddress(entry.family, address);
    const evm = this.evm.get(entry.id);
    const tron = entry.id === TRON_CHAIN ? this.tron.node : undefined;
    if (!evm && !tron) throw notSupported(entry.id);
    const rows = evm
      ? await this.evmRows.rows(evm, owner as Address)
      : await this.tronRows.rows(entry.id, owner);
    const readAtMs = Date.now();
    const folded = evm ? await evmPositions(evm, rows) : await tronPositions(tron!, owner, rows, readAtMs);
    return {
      chain: entry.id,
      address: owner,
      positions: folded.map((p) => toPositionItem(entry.id, owner, p, readAtMs)),
    };
  }
}

export function notSupported(chain: string): ApiError {
  return ApiError.badRequest(
    StakingErrorCode.STAKING_NOT_SUPPORTED,
    `${chain} has no staking in this deployment (see GET /api/chains/${chain}/capabilities)`,
  );
}
