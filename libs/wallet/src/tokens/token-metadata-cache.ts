import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { PublicClient } from 'viem';
import { checksumAddress, readTokenMetadata } from '@chainwire/chains';
import { TokenMetadataEntity } from './token-metadata.entity';

export type CachedTokenMetadata = Omit<TokenMetadataEntity, 'chainRow'>;

/** What a chain says of a token. */
export type TokenFacts = Pick<CachedTokenMetadata, 'name' | 'symbol' | 'decimals'>;

/** Reads one token (stored-form contract) on chain; null when the contract is not a token. */
export type TokenFactsReader = (contract: string) => Promise<TokenFacts | null>;

/**
 * Token metadata read on chain once and kept in `token_metadata`, a cache of what each chain answered
 * (docs/architecture.md §7), never the asset registry: nothing here is shown to a tenant as curated. A
 * miss reads the chain; concurrent misses for one token share that read. A contract that is not a
 * token is not kept (null), so a token deployed later at a predicted address is found.
 */
@Injectable()
export class TokenMetadataCache {
  private readonly inFlight = new Map<string, Promise<CachedTokenMetadata | null>>();

  constructor(
    @InjectRepository(TokenMetadataEntity) private readonly table: Repository<TokenMetadataEntity>,
  ) {}

  /** An ERC-20 on an EVM chain; `contract` in stored (lower-case) form. */
  async get(chain: string, client: PublicClient, contract: string): Promise<CachedTokenMetadata | null> {
    const stored = await this.table.findOneBy({ chain, contract });
    return stored ?? this.read(chain, contract, evmTokenReader(client));
  }

  /** The stored metadata of `contracts` (stored form), in one read; the absent ones are misses. */
  async stored(chain: string, contracts: readonly string[]): Promise<Map<string, CachedTokenMetadata>> {
    if (contracts.length === 0) return new Map();
    const rows = await this.table.findBy({ chain, contract: In([...contracts]) });
    return new Map(rows.map((row) => [row.contract, row]));
  }

  /** A miss: read on chain with `reader` (one read per token in flight) and stored when it is a token. */
  read(chain: string, contract: string, reader: TokenFactsReader): Promise<CachedTokenMetadata | null> {
    const key = `${chain}:${contract}`;
    let read = this.inFlight.get(key);
    if (!read) {
      read = this.readAndStore(chain, contract, reader).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, read);
    }
    return read;
  }

  private async readAndStore(
    chain: string,
    contract: string,
    reader: TokenFactsReader,
  ): Promise<CachedTokenMetadata | null> {
    // A request whose table read missed just before another read finished and stored the token (and left
    // the in-flight map) would read the chain a second time: the table is asked again inside the flight.
    const stored = await this.table.findOneBy({ chain, contract });
    if (stored) return stored;
    const facts = await reader(contract);
    if (!facts) return null;
    const row = { chain, contract, ...facts, updatedAt: new Date() };
    await this.table.upsert(row, ['chain', 'contract']);
    return row;
  }
}

/** An ERC-20's name, symbol and decimals in one multicall; a transport failure is 503, never "not a token". */
export function evmTokenReader(client: PublicClient): TokenFactsReader {
  return (contract) => readTokenMetadata(client, checksumAddress(contract));
}
