import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ChainDirectory } from '@chainwire/chains';
import { ApiError, type Database, DATABASE } from '@chainwire/core';
import { EvmStakingChains } from '../chains/evm-staking-chains';
import { parseStakingAddress } from '../chains/staking-address';
import { TRON_CHAIN, TronStakingChain } from '../chains/tron-staking-chain';
import { StakingErrorCode } from '../staking-error-codes';
import { evmPositions } from './evm-positions';
import { toPositionItem } from './position-item';
import type { StakingPositionsResult } from './positions.response';
import type { PositionsQuery } from './positions.schema';
import { readOwnerOperations } from './staking-operations.repository';
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

/** An address's positions, folded from the staking read model, valued through the chain adapter. */
@QueryHandler(GetStakingPositionsQuery)
export class GetStakingPositionsHandler implements IQueryHandler<GetStakingPositionsQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly chains: ChainDirectory,
    private readonly evm: EvmStakingChains,
    private readonly tron: TronStakingChain,
    private readonly tronRows: TronStakeRows,
  ) {}

  async execute({ address, params }: GetStakingPositionsQuery): Promise<StakingPositionsResult> {
    const entry = await this.chains.require(params.chain);
    const owner = parseStakingAddress(entry.family, address);
    const evm = this.evm.get(entry.id);
    const tron = entry.id === TRON_CHAIN ? this.tron.node : undefined;
    if (!evm && !tron) throw notSupported(entry.id);
    const rows = tron
      ? await this.tronRows.rows(entry.id, owner)
      : await readOwnerOperations(this.db, entry.id, owner);
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
