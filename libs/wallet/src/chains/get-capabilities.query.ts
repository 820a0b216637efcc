import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ChainCapabilities, ChainDirectory } from '@chainwire/chains';
import { ApiError } from '@chainwire/core';
import { RegistryErrorCode } from '../registry-error-codes';
import type { ChainCapabilitiesResult } from './capabilities.response';

/** The features this deployment serves for a chain (the guard checked it against the plan). */
export class GetCapabilitiesQuery extends Query<ChainCapabilitiesResult> {
  constructor(readonly chain: string) {
    super();
  }
}

@QueryHandler(GetCapabilitiesQuery)
export class GetCapabilitiesHandler implements IQueryHandler<GetCapabilitiesQuery, ChainCapabilitiesResult> {
  constructor(
    private readonly directory: ChainDirectory,
    private readonly capabilities: ChainCapabilities,
  ) {}

  async execute({ chain }: GetCapabilitiesQuery): Promise<ChainCapabilitiesResult> {
    const entry = await this.directory.find(chain);
    if (!entry)
      throw ApiError.notFound(`Unknown chain ${JSON.stringify(chain)}`, RegistryErrorCode.CHAIN_NOT_FOUND);
    return { chain: entry.id, ...this.capabilities.forChain(entry.id) };
  }
}
