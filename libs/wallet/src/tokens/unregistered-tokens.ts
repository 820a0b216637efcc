import { Inject, Injectable } from '@nestjs/common';
import {
  type ChainEntry,
  ChainUnavailableError,
  getAssetIssueById,
  TRC10_ID,
  type TronHttpClient,
  TronNodeError,
  TronNodeUnavailableError,
} from '@chainwire/chains';
import { ApiError, mapConcurrent } from '@chainwire/core';
import { displayContract } from '../addresses/account-address';
import { chainReadError } from '../chain-reads/chain-read-error';
import { EvmReadChainResolver } from '../chain-reads/evm-read-chain';
import { TRON_READ_CLIENT } from '../chain-reads/tron-read-client';
import { TokenErrorCode } from './token-error-codes';
import { TokenMetadataCache } from './token-metadata-cache';
import { TokenRegistration } from './token-registration';

/** Chain reads in flight per request when a balances query names many unregistered contracts. */
const CONCURRENCY = 8;

/**
 * Contracts a balances query names that the asset registry lacks: identified on chain (ERC-20 through the
 * token metadata cache; on Tron, TRC-10 tokens by their id) and registered as unverified assets, so the
 * balances read model (which has every indexed transfer) answers them like any other.
 */
@Injectable()
export class UnregisteredTokens {
  constructor(
    private readonly chains: EvmReadChainResolver,
    private readonly cache: TokenMetadataCache,
    private readonly registration: TokenRegistration,
    @Inject(TRON_READ_CLIENT) private readonly tron: TronHttpClient | null,
  ) {}

  /**
   * Registers `contracts` (stored form). False when they cannot be identified here (not an EVM chain,
   * or no node configured); 400 NOT_A_TOKEN naming every contract that is not an ERC-20.
   */
  async register(chain: ChainEntry, contracts: readonly string[]): Promise<boolean> {
    if (chain.family === 'Tron') return this.registerTrc10(chain, contracts);
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

  /**
   * The TRC-10 ids among `contracts`, from `/wallet/getassetissuebyid`; an id the chain does not know is 400
   * NOT_A_TOKEN. TRC-20 contracts are not identified here (false: UNKNOWN_ASSET, as before).
   */
  private async registerTrc10(chain: ChainEntry, contracts: readonly string[]): Promise<boolean> {
    const client = this.tron;
    const ids = contracts.filter((c) => TRC10_ID.test(c));
    if (!client || chain.id !== 'tron' || ids.length === 0) return false;
    const found = await mapConcurrent(ids, CONCURRENCY, (id) =>
      getAssetIssueById(client, id).catch((error: unknown) => {
        if (error instanceof TronNodeUnavailableError || error instanceof TronNodeError) {
          throw chainReadError(
            new ChainUnavailableError(`The Tron node failed: ${error.message.slice(0, 300)}`),
          );
        }
        throw error;
      }),
    );
    const unknown = ids.filter((_, i) => found[i] === null);
    if (unknown.length > 0) {
      throw ApiError.badRequest(
        TokenErrorCode.NOT_A_TOKEN,
        `Not a TRC-10 token on ${chain.id}: ${unknown.join(', ')}`,
      );
    }
    await this.registration.registerUnverified(
      chain,
      found.map((t) => ({ contract: t!.id, symbol: t!.symbol, name: t!.name, decimals: t!.decimals })),
      'trc10',
    );
    return true;
  }
}
