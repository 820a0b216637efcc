import { Injectable } from '@nestjs/common';
import type { ChainEntry } from '@chainwire/chains';
import { ApiError, mapConcurrent } from '@chainwire/core';
import { displayContract } from '../addresses/account-address';
import { EvmReadChainResolver } from '../chain-reads/evm-read-chain';
import { TokenErrorCode } from './token-error-codes';
import { TokenMetadataCache } from './token-metadata-cache';
import { TokenRegistration } from './token-registration';

/** Chain reads in flight per request when a balances query names many unregistered contracts. */
const CONCURRENCY = 8;

/**
 * Contracts a balances query names that the asset registry lacks: identified on chain through the
 * token metadata cache and registered as unverified assets, so the balances read model (which has
 * every indexed ERC-20 transfer) answers them like any other.
 */
@Injectable()
export class UnregisteredTokens {
  constructor(
    private readonly chains: EvmReadChainResolver,
    private readonly cache: TokenMetadataCache,
    private readonly registration: TokenRegistration,
  ) {}

  /**
   * Registers `contracts` (stored form). False when they cannot be identified here (not an EVM chain,
   * or no node configured); 400 NOT_A_TOKEN naming every contract that is not an ERC-20.
   */
  async register(chain: ChainEntry, contracts: readonly string[]): Promise<boolean> {
    const client = this.chains.clientOf(chain);
    if (!client) return false;
    const found = await mapConcurrent(contracts, CONCURRENCY, (c) => this.cache.get(chain.id, client, c));
    const notTokens = contracts.filter((_, i) => found[i] === null);
    if (notTokens.length > 0) {
      throw ApiError.badRequest(
        TokenErrorCode.NOT_A_TOKEN,
        `Not an ERC-20 token on ${chain.id}: ${notTokens.map((c) => displayContract(chain.family, c)).join(', ')}`,
      );
    }
    await this.registration.registerUnverified(
      chain,
      found.filter((t) => t !== null),
    );
    return true;
  }
}
