import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import { ApiError, ErrorCode } from '@chainwire/core';
import { type ApiKeyRecord, findApiKey } from '../api-keys/api-key-repository';
import { ChainDirectory } from '@chainwire/chains';
import { planAllowsTier } from '../plans';
import type { AuthenticatedRequest } from './current-api-key.decorator';
import { PUBLIC_ROUTE } from './public.decorator';
import { type ChainScopedRequest, pinRequestChain, resolveRequestChain } from './request-chain';

const CACHE_TTL_MS = 30_000;
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Requires a known, unrevoked `x-api-key` on every route not marked @Public() (401 UNAUTHORIZED),
 * and a plan that includes the chain the request acts on (docs/architecture.md §7): the one value its
 * path, query and body name (400 CHAIN_MISMATCH when they differ), normalised here and written back
 * to every place it was named, so the handler acts on exactly the chain checked (403
 * CHAIN_NOT_IN_PLAN). An unregistered chain passes here: the handler answers UNKNOWN_CHAIN.
 * Known keys are cached for 30 s, so a revocation takes effect within that time.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly cache = new Map<string, { record: ApiKeyRecord; expiresAt: number }>();

  constructor(
    private readonly reflector: Reflector,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly chains: ChainDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const request = context
      .switchToHttp()
      .getRequest<FastifyRequest & AuthenticatedRequest & ChainScopedRequest>();
    const header = request.headers['x-api-key'];
    const key = typeof header === 'string' ? header.trim() : '';
    if (key === '') throw ApiError.unauthorized('Missing x-api-key header');
    const record = await this.lookup(key);
    if (!record) throw ApiError.unauthorized('Unknown or revoked API key');
    request.apiKey = record;

    const chain = resolveRequestChain(request);
    if (chain !== undefined) {
      const tier = (await this.chains.find(chain))?.tier;
      if (tier !== undefined && !planAllowsTier(record.plan, tier)) {
        throw ApiError.forbidden(
          ErrorCode.CHAIN_NOT_IN_PLAN,
          `The ${record.plan} plan does not include ${chain} (a tier-${tier} chain)`,
        );
      }
      pinRequestChain(request, chain);
    }
    return true;
  }

  /** Cached by the key itself (process memory only; the table keeps hashes), so a hit costs no hashing. */
  private async lookup(key: string): Promise<ApiKeyRecord | null> {
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return cached.record;
    const record = await findApiKey(this.dataSource, key);
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    if (record) this.cache.set(key, { record, expiresAt: now + CACHE_TTL_MS });
    else this.cache.delete(key);
    return record;
  }
}
