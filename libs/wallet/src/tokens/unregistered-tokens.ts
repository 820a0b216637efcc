import { Inject, Injectable } from '@nestjs/common';
import {
  type ChainEntry,
  getAssetIssueById,
  readTrc20Metadata,
  TRC10_ID,
  tronHex,
  type TronHttpClient,
  tronCall,
} from '@chainwire/chains';
import { ApiError, mapConcurrent } from '@chainwire/core';
import { displayContract } from '../addresses/account-address';
import { chainReadError } from '../chain-reads/chain-read-error';
import { EvmReadChainResolver } from '../chain-reads/evm-read-chain';
import { TRON_NODE, type TronNode } from '../chain-reads/tron-node';
import { TokenErrorCode } from './token-error-codes';
import { TokenMetadataCache } from './token-metadata-cache';
import { TokenRegistration } from './token-registration';

/** Chain reads in flight per request when a balances query names many unregistered contracts. */
const CONCURRENCY = 8;

/**
 * Contracts a balances query names that the asset registry lacks: identified on chain (ERC-20 through the
 * token metadata cache; on Tron, TRC-10 tokens by their id and TRC-20 contracts) and registered as
 * unverified assets, so the
 * balances read model (which has every indexed transfer) answers them like any other.
 */
@Injectable()
export class UnregisteredTokens {
  constructor(
    private readonly chains: EvmReadChainResolver,
    private readonly cache: TokenMetadataCache,
    private readonly registration: TokenRegistration,
    @Inject(TRON_NODE) private readonly tron: TronNode,
  ) {}

  /**
   * Registers `contracts` (stored form). False when they cannot be identified here (not an EVM chain,
   * or no node configured); 400 NOT_A_TOKEN naming every contract that is not an ERC-20.
   */
  async register(chain: ChainEntry, contracts: readonly string[]): Promise<boolean> {
    if (chain.family === 'Tron') return this.registerTron(chain, contracts);
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
   * On Tron: TRC-10 ids from `/wallet/getassetissuebyid`, TRC-20 contracts (base58) from their name, symbol
   * and decimals views; one the chain does not know as such is 400 NOT_A_TOKEN. False without a Tron node.
   */
  private async registerTron(chain: ChainEntry, contracts: readonly string[]): Promise<boolean> {
    const client = this.tron;
    if (!client || chain.id !== 'tron' || contracts.length === 0) return false;
    const found = await mapConcurrent(contracts, CONCURRENCY, (contract) =>
      tronCall(() => identifyTronToken(client, contract)).catch((error: unknown) => {
        throw chainReadError(error);
      }),
    );
    const unknown = contracts.filter((_, i) => found[i] === null);
    if (unknown.length > 0) {
      throw ApiError.badRequest(
        TokenErrorCode.NOT_A_TOKEN,
        `Not a TRC-10 or TRC-20 token on ${chain.id}: ${unknown.join(', ')}`,
      );
    }
    for (const type of ['trc10', 'trc20'] as const) {
      await this.registration.registerUnverified(
        chain,
        found.filter((f) => f?.type === type).map((f) => f!.token),
        type,
      );
    }
    return true;
  }
}

interface IdentifiedTronToken {
  readonly token: { contract: string; name: string; symbol: string; decimals: number };
  readonly type: 'trc10' | 'trc20';
}

/** A TRC-10 id or a TRC-20 contract (base58) as the chain describes it; null when it is neither. */
async function identifyTronToken(
  client: TronHttpClient,
  contract: string,
): Promise<IdentifiedTronToken | null> {
  if (TRC10_ID.test(contract)) {
    const t = await getAssetIssueById(client, contract);
    return t && { token: { contract, name: t.name, symbol: t.symbol, decimals: t.decimals }, type: 'trc10' };
  }
  const t = await readTrc20Metadata(client, tronHex(contract));
  return t && { token: { contract, ...t }, type: 'trc20' };
}
