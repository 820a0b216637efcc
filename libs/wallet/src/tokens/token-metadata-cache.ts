import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { PublicClient } from 'viem';
import { checksumAddress, readTokenMetadata } from '@chainwire/chains';
import { chainReadError } from '../chain-reads/chain-read-error';
import { TokenMetadataEntity } from './token-metadata.entity';

export type CachedTokenMetadata = Omit<TokenMetadataEntity, 'chainRow'>;

/**
 * Token metadata read on chain once and kept in `token_metadata`. A miss reads the chain (one
 * multicall); concurrent misses for one token share that read. A contract that is not an ERC-20 is
 * not kept (null), so a token deployed later at a predicted address is found.
 */
@Injectable()
export class TokenMetadataCache {
  private readonly inFlight = new Map<string, Promise<CachedTokenMetadata | null>>();

  constructor(
    @InjectRepository(TokenMetadataEntity) private readonly table: Repository<TokenMetadataEntity>,
  ) {}

  /** `contract` in stored (lower-case) form. */
  async get(chain: string, client: PublicClient, contract: string): Promise<CachedTokenMetadata | null> {
    const stored = await this.table.findOneBy({ chain, contract });
    if (stored) return stored;
    const key = `${chain}:${contract}`;
    let read = this.inFlight.get(key);
    if (!read) {
      read = this.readAndStore(chain, client, contract).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, read);
    }
    return read;
  }

  private async readAndStore(
    chain: string,
    client: PublicClient,
    contract: string,
  ): Promise<CachedTokenMetadata | null> {
    // A request whose table read missed just before another read finished and stored the token (and left
    // the in-flight map) would read the chain a second time: the table is asked again inside the flight.
    const stored = await this.table.findOneBy({ chain, contract });
    if (stored) return stored;
    const metadata = await readTokenMetadata(client, checksumAddress(contract)).catch((error: unknown) => {
      throw chainReadError(error);
    });
    if (!metadata) return null;
    const row = { chain, contract, ...metadata, updatedAt: new Date() };
    await this.table.upsert(row, ['chain', 'contract']);
    return row;
  }
}
