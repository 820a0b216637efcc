import { Inject, Injectable } from '@nestjs/common';
import {
  type ChainEntry,
  displayContract,
  getAssetIssueById,
  readTrc20Metadata,
  TRC10_ID,
  tronCall,
  tronHex,
  type TronHttpClient,
} from '@chainwire/chains';
import { ApiError, mapConcurrent } from '@chainwire/core';
import { EvmReadChainResolver } from '../chain-reads/evm-read-chain';
import { TRON_NODE, type TronNode } from '../chain-reads/tron-node';
import { TokenErrorCode } from './token-error-codes';
import {
  evmTokenReader,
  type TokenFacts,
  type TokenFactsReader,
  TokenMetadataCache,
} from './token-metadata-cache';
import { type LookupKey, UNKNOWN_TOKEN_LOOKUPS, type UnknownTokenLookups } from './unknown-token-lookups';

/** Chain reads in flight per request when a balances query names several unregistered contracts. */
const CONCURRENCY = 8;

/** A token outside the asset registry as its chain describes it, for one answer. */
export interface UnlistedToken extends TokenFacts {
  /** Stored form. */
  readonly contract: string;
  readonly type: 'erc20' | 'trc10' | 'trc20';
}

/**
 * Contracts a balances query names that the asset registry lacks, identified for that request (ERC-20
 * through the token metadata cache; on Tron, TRC-10 tokens by their id and TRC-20 contracts, cached the
 * same way). Nothing is written to the registry: what one tenant names never changes the assets, prices
 * or webhook amounts other tenants see (docs/architecture.md §7).
 */
@Injectable()
export class UnregisteredTokens {
  constructor(
    private readonly chains: EvmReadChainResolver,
    private readonly cache: TokenMetadataCache,
    @Inject(TRON_NODE) private readonly tron: TronNode,
    @Inject(UNKNOWN_TOKEN_LOOKUPS) private readonly lookups: UnknownTokenLookups,
  ) {}

  /**
   * `contracts` (stored form) as tokens, in their order. Null when they cannot be identified here (not an
   * EVM chain or tron, or no node configured); 400 NOT_A_TOKEN naming every contract that is no token.
   * Cache misses are read on chain after the key's budget allowed them (UnknownTokenLookups).
   */
  async identify(
    chain: ChainEntry,
    contracts: readonly string[],
    apiKey: LookupKey | undefined,
  ): Promise<UnlistedToken[] | null> {
    const reader = this.readerOf(chain);
    if (!reader) return null;
    const stored = await this.cache.stored(chain.id, contracts);
    const misses = contracts.filter((c) => !stored.has(c));
    if (misses.length > 0) {
      await this.lookups.spend(apiKey, chain.id, misses.length);
      const read = await mapConcurrent(misses, CONCURRENCY, (c) => this.cache.read(chain.id, c, reader));
      misses.forEach((c, i) => read[i] && stored.set(c, read[i]));
    }
    const notTokens = contracts.filter((c) => !stored.has(c));
    if (notTokens.length > 0) {
      const kind = chain.family === 'Tron' ? 'a TRC-10 or TRC-20' : 'an ERC-20';
      throw ApiError.badRequest(
        TokenErrorCode.NOT_A_TOKEN,
        `Not ${kind} token on ${chain.id}: ${notTokens.map((c) => displayContract(chain.family, c)).join(', ')}`,
      );
    }
    return contracts.map((contract) => {
      const { name, symbol, decimals } = stored.get(contract)!;
      return { contract, name, symbol, decimals, type: tokenType(chain, contract) };
    });
  }

  /** How this process reads a token of `chain`; undefined without a node for it. */
  private readerOf(chain: ChainEntry): TokenFactsReader | undefined {
    if (chain.family === 'Tron') {
      const client = this.tron;
      if (!client || chain.id !== 'tron') return undefined;
      return (contract) => tronCall(() => readTronToken(client, contract));
    }
    const client = this.chains.clientOf(chain);
    return client ? evmTokenReader(client) : undefined;
  }
}

/** A Tron token's standard follows from its id: TRC-10 tokens are numbers, TRC-20 contracts base58. */
function tokenType(chain: ChainEntry, contract: string): UnlistedToken['type'] {
  if (chain.family !== 'Tron') return 'erc20';
  return TRC10_ID.test(contract) ? 'trc10' : 'trc20';
}

/** A TRC-10 id or a TRC-20 contract (base58) as the chain describes it; null when it is neither. */
async function readTronToken(client: TronHttpClient, contract: string): Promise<TokenFacts | null> {
  if (TRC10_ID.test(contract)) {
    const t = await getAssetIssueById(client, contract);
    return t && { name: t.name, symbol: t.symbol, decimals: t.decimals };
  }
  return readTrc20Metadata(client, tronHex(contract));
}
