import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiError, ErrorCode } from '@chainwire/core';
import { ChainEntity } from './entities/chain.entity';

export interface ChainEntry {
  readonly id: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  /** Registry family, e.g. 'Ethereum' for every EVM chain. */
  readonly family: string;
  readonly tier: number;
}

const TTL_MS = 60_000;
/** A miss reloads at most this often, so requests naming unknown chains cannot hammer the table. */
const MISS_RELOAD_MS = 1_000;

/**
 * The chains table held in memory: reference data read on every request, changed only by seeding.
 * One instance per app: the app builds ChainDirectoryModule.forRoot() once and every feature imports that
 * module. A miss reloads at most once a second, so a chain registered after boot is found within a second.
 */
@Injectable()
export class ChainDirectory {
  private chains = new Map<string, ChainEntry>();
  private loadedAt = 0;

  constructor(@InjectRepository(ChainEntity) private readonly table: Repository<ChainEntity>) {}

  async find(id: string): Promise<ChainEntry | undefined> {
    const cached = this.cached(id);
    if (cached) return cached;
    const age = Date.now() - this.loadedAt;
    if (age > TTL_MS || (!this.chains.has(id) && age > MISS_RELOAD_MS)) await this.reload();
    return this.chains.get(id);
  }

  /**
   * The chain while the table in memory is fresh and holds it, without a promise (the per-request hot
   * path); undefined when `find` would have to reload first.
   */
  cached(id: string): ChainEntry | undefined {
    return Date.now() - this.loadedAt > TTL_MS ? undefined : this.chains.get(id);
  }

  /** The chain, or 400 UNKNOWN_CHAIN. */
  async require(id: string): Promise<ChainEntry> {
    const chain = await this.find(id);
    if (!chain) throw ApiError.badRequest(ErrorCode.UNKNOWN_CHAIN, `Unknown chain ${JSON.stringify(id)}`);
    return chain;
  }

  private async reload(): Promise<void> {
    const rows = await this.table.find({
      select: { id: true, name: true, symbol: true, decimals: true, family: true, tier: true },
    });
    this.chains = new Map(rows.map((r) => [r.id, r]));
    this.loadedAt = Date.now();
  }
}
