import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Address } from 'viem';
import { ChainDirectory, parseAccountAddress, readVerifiedEnsName } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { RegistryErrorCode } from '../registry-error-codes';
import { NameChains } from './name-chains';
import type { ReverseNameRequest } from './reverse-name.schema';
import type { ReverseNameResult } from './reverse-name.response';

/** Answers are kept this long, found or not: a primary name changes rarely, a page asks for it often. */
const CACHE_TTL_MS = 30_000;
const CACHE_MAX_ENTRIES = 10_000;

export class ReverseNameQuery extends Query<ReverseNameResult> {
  constructor(readonly request: ReverseNameRequest) {
    super();
  }
}

interface CachedName {
  readonly name: string | null;
  readonly readAt: Date;
}

/**
 * An address's primary ENS name, read through the chain adapter (readVerifiedEnsName) and verified
 * forward; 404 NAME_NOT_FOUND without one. Cached per chain and address for 30 s.
 */
@QueryHandler(ReverseNameQuery)
export class ReverseNameHandler implements IQueryHandler<ReverseNameQuery, ReverseNameResult> {
  private readonly cache = new Map<string, CachedName & { expiresAt: number }>();

  constructor(
    private readonly directory: ChainDirectory,
    private readonly nameChains: NameChains,
  ) {}

  async execute({ request }: ReverseNameQuery): Promise<ReverseNameResult> {
    const chain = await this.directory.require(request.chain);
    const account = parseAccountAddress(chain.family, request.address);
    const target = this.nameChains.get(chain.id);
    if (!target) {
      throw ApiError.badRequest(ErrorCode.UNSUPPORTED_CHAIN, `ENS names are not served on ${chain.id}`);
    }
    const { name, readAt } = await this.lookup(chain.id, account.display as Address, () =>
      readVerifiedEnsName(target.client, target.registry, account.display as Address),
    );
    if (name === null) {
      throw ApiError.notFound(
        `${account.display} has no primary ENS name on ${chain.id} (no reverse record, or its name does not resolve back)`,
        RegistryErrorCode.NAME_NOT_FOUND,
      );
    }
    return { chain: chain.id, address: account.display, name, updatedAt: readAt.toISOString() };
  }

  private async lookup(
    chain: string,
    address: Address,
    read: () => Promise<string | null>,
  ): Promise<CachedName> {
    const key = `${chain}:${address}`;
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return cached;
    const name = await read();
    const entry = { name, readAt: new Date(now), expiresAt: now + CACHE_TTL_MS };
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, entry);
    return entry;
  }
}
