import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AssetEntity, type ChainEntry } from '@chainwire/chains';
import type { CachedTokenMetadata } from './token-metadata-cache';

/** A token's standing in the asset registry. */
@Injectable()
export class TokenRegistration {
  constructor(@InjectRepository(AssetEntity) private readonly assets: Repository<AssetEntity>) {}

  /** Verified: listed in the registry (not identified on chain by this service) and active. */
  async isVerified(chain: string, contract: string): Promise<boolean> {
    const asset = await this.assets.findOne({
      select: { status: true, verified: true },
      where: { chain, contract },
    });
    return asset?.status === 'active' && asset.verified;
  }

  /**
   * Registers tokens identified on chain as active, unverified assets of `type`. A row already there
   * (listed, disabled by an operator, or registered by a concurrent request) is left as it is.
   */
  async registerUnverified(
    chain: ChainEntry,
    tokens: readonly Pick<CachedTokenMetadata, 'contract' | 'symbol' | 'name' | 'decimals'>[],
    type: 'erc20' | 'trc10' | 'trc20' = 'erc20',
  ): Promise<void> {
    if (tokens.length === 0) return;
    await this.assets
      .createQueryBuilder()
      .insert()
      .values(
        tokens.map((t) => ({
          chain: chain.id,
          contract: t.contract,
          symbol: t.symbol,
          name: t.name,
          decimals: t.decimals,
          type,
          status: 'active' as const,
          isDefault: false,
          verified: false,
        })),
      )
      .orIgnore()
      .execute();
  }
}
