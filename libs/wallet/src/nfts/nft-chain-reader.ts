import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Address, PublicClient } from 'viem';
import {
  ChainCapabilities,
  detectNftStandard,
  EvmReadClients,
  type NftStandard,
  readErc1155Uri,
  readErc721Token,
  readNftCollectionNames,
} from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { NFTS_OPTIONS, type NftsModuleOptions } from './nfts-options';

export interface CollectionNames {
  readonly name: string | null;
  readonly symbol: string | null;
}

const NAMES_TTL_MS = 60 * 60_000;
const CACHE_MAX = 10_000;

/**
 * The NFT reads of the configured chains' nodes, through the chain adapter's functions (libs/chains).
 * Collection names and standards rarely change, so they are kept in memory for an hour. Registers the
 * `nfts` capability for the chains with a node (those are the indexed ones).
 */
@Injectable()
export class NftChainReader implements OnApplicationShutdown {
  private readonly clients: EvmReadClients;
  private readonly names = new Map<string, { value: CollectionNames; until: number }>();
  private readonly standards = new Map<string, { value: NftStandard; until: number }>();

  constructor(@Inject(NFTS_OPTIONS) options: NftsModuleOptions, capabilities: ChainCapabilities) {
    this.clients = new EvmReadClients(options.chains);
    capabilities.register({ feature: 'nfts', serves: (chain) => this.serves(chain) });
  }

  /** True when a node is configured for the chain. */
  serves(chain: string): boolean {
    return this.clients.has(chain);
  }

  /** Ends the nodes' WebSockets, if any (EvmReadClients.close). */
  onApplicationShutdown(): Promise<void> {
    return this.clients.close();
  }

  /** name() and symbol() of each contract, in order; misses read in one batch. */
  async collectionNames(chain: string, contracts: readonly Address[]): Promise<CollectionNames[]> {
    const now = Date.now();
    const key = (c: Address) => `${chain}|${c.toLowerCase()}`;
    const found = new Map<Address, CollectionNames>();
    for (const c of contracts) {
      const cached = this.names.get(key(c));
      if (cached && cached.until > now) found.set(c, cached.value);
    }
    const missing = contracts.filter((c) => !found.has(c));
    if (missing.length > 0) {
      const read = await readNftCollectionNames(this.client(chain), missing);
      missing.forEach((c, i) => {
        found.set(c, read[i]);
        remember(this.names, key(c), read[i], now + NAMES_TTL_MS);
      });
    }
    return contracts.map((c) => found.get(c)!);
  }

  /**
   * The standard the contract declares by ERC-165, or null. Only an answer is kept: an address that is not
   * an NFT contract yet (not deployed) is asked again next time.
   */
  async standard(chain: string, contract: Address): Promise<NftStandard | null> {
    const key = `${chain}|${contract.toLowerCase()}`;
    const cached = this.standards.get(key);
    if (cached && cached.until > Date.now()) return cached.value;
    const value = await detectNftStandard(this.client(chain), contract);
    if (value !== null) remember(this.standards, key, value, Date.now() + NAMES_TTL_MS);
    return value;
  }

  erc721Token(chain: string, contract: Address, tokenId: bigint) {
    return readErc721Token(this.client(chain), contract, tokenId);
  }

  erc1155Uri(chain: string, contract: Address, tokenId: bigint): Promise<string | null> {
    return readErc1155Uri(this.client(chain), contract, tokenId);
  }

  private client(chain: string): PublicClient {
    const client = this.clients.client(chain);
    if (client === undefined) {
      throw ApiError.badRequest(ErrorCode.UNSUPPORTED_CHAIN, `No node is configured for ${chain}`);
    }
    return client;
  }
}

function remember<T>(cache: Map<string, { value: T; until: number }>, key: string, value: T, until: number) {
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, { value, until });
}
