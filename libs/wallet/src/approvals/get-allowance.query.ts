import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Address } from 'viem';
import { parseAccountAddress, readTokenAllowance } from '@chainwire/chains';
import { ApiError } from '@chainwire/core';
import { EvmReadChainResolver } from '../chain-reads/evm-read-chain';
import { TokenErrorCode } from '../tokens/token-error-codes';
import type { AllowanceRequest } from './allowance.schema';
import type { AllowanceResult } from './allowance.response';

export class GetAllowanceQuery extends Query<AllowanceResult> {
  constructor(readonly request: AllowanceRequest) {
    super();
  }
}

/** A live `allowance(owner, spender)`, never cached: an approval changes with any block. */
@QueryHandler(GetAllowanceQuery)
export class GetAllowanceHandler implements IQueryHandler<GetAllowanceQuery, AllowanceResult> {
  constructor(private readonly chains: EvmReadChainResolver) {}

  async execute({ request }: GetAllowanceQuery): Promise<AllowanceResult> {
    const { entry, client } = await this.chains.resolve(request.chain);
    const [owner, token, spender] = [request.owner, request.tokenContract, request.spender].map(
      (a) => parseAccountAddress(entry.family, a).display as Address,
    );
    const allowance = await readTokenAllowance(client, token!, owner!, spender!);
    if (allowance === null) {
      throw ApiError.notFound(
        `${token} is not an ERC-20 token on ${entry.id}`,
        TokenErrorCode.TOKEN_NOT_FOUND,
      );
    }
    return {
      chain: entry.id,
      owner: owner!,
      tokenContract: token!,
      spender: spender!,
      allowance,
      updatedAt: new Date().toISOString(),
    };
  }
}
