import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { type Plan, planAllowsTier } from '@chainwire/auth';
import { ChainEntity } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { RegistryErrorCode } from '../registry-error-codes';
import { type ChainItem, toChainItem } from './chain.response';
import { readChains } from './chains.repository';

/** The chains a plan allows, optionally of one family (matched case-insensitively). */
export class ListChainsQuery extends Query<ChainItem[]> {
  constructor(
    readonly plan: Plan,
    readonly chainFamily?: string,
  ) {
    super();
  }
}

/** The chains a plan allows with this SLIP-44 coin type (several EVM chains share 60). */
export class GetChainsBySlipQuery extends Query<ChainItem[]> {
  constructor(
    readonly plan: Plan,
    readonly slipId: number,
  ) {
    super();
  }
}

@QueryHandler(ListChainsQuery)
export class ListChainsHandler implements IQueryHandler<ListChainsQuery, ChainItem[]> {
  constructor(@InjectRepository(ChainEntity) private readonly table: Repository<ChainEntity>) {}

  async execute({ plan, chainFamily }: ListChainsQuery): Promise<ChainItem[]> {
    const chains = await readChains(this.table);
    let matching = chains;
    if (chainFamily !== undefined) {
      const wanted = chainFamily.toLowerCase();
      matching = chains.filter((c) => c.family.toLowerCase() === wanted);
      // A family no registered chain carries is a typo, not an empty answer.
      if (matching.length === 0) {
        const families = [...new Set(chains.map((c) => c.family))].sort();
        throw ApiError.badRequest(
          RegistryErrorCode.INVALID_CHAIN_FAMILY,
          `Unknown chainFamily ${JSON.stringify(chainFamily)}; expected one of ${families.join(', ')}`,
        );
      }
    }
    return matching.filter((c) => planAllowsTier(plan, c.tier)).map(toChainItem);
  }
}

@QueryHandler(GetChainsBySlipQuery)
export class GetChainsBySlipHandler implements IQueryHandler<GetChainsBySlipQuery, ChainItem[]> {
  constructor(@InjectRepository(ChainEntity) private readonly table: Repository<ChainEntity>) {}

  async execute({ plan, slipId }: GetChainsBySlipQuery): Promise<ChainItem[]> {
    const chains = (await readChains(this.table)).filter((c) => c.slipId === slipId);
    if (chains.length === 0) {
      throw ApiError.notFound(`No chain has slipId ${slipId}`, RegistryErrorCode.CHAIN_NOT_FOUND);
    }
    const allowed = chains.filter((c) => planAllowsTier(plan, c.tier));
    if (allowed.length === 0) {
      throw ApiError.forbidden(
        ErrorCode.CHAIN_NOT_IN_PLAN,
        `The ${plan} plan includes no chain with slipId ${slipId} (${chains.map((c) => c.id).join(', ')})`,
      );
    }
    return allowed.map(toChainItem);
  }
}
