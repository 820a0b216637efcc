import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AssetEntity } from '@chainwire/chains';

/**
 * A token's standing in the asset registry. The registry holds operator-curated assets only (seeded, or
 * added with `cli assets add`); requests never write it (docs/architecture.md §7).
 */
@Injectable()
export class TokenRegistration {
  constructor(@InjectRepository(AssetEntity) private readonly assets: Repository<AssetEntity>) {}

  /** Verified: listed in the registry (not merely identified on chain by this service) and active. */
  async isVerified(chain: string, contract: string): Promise<boolean> {
    const asset = await this.assets.findOne({
      select: { status: true, verified: true },
      where: { chain, contract },
    });
    return asset?.status === 'active' && asset.verified;
  }
}
