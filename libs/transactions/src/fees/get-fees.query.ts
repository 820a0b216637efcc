import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { PublicKey } from '@solana/web3.js';
import { parseSolanaAddress } from '@chainwire/chains';
import { ApiError, ErrorCode, SharedAnswers } from '@chainwire/core';
import { TxChainResolver } from '../chains/tx-chain';
import { ChainRpcRegistry } from '../rpc/chain-rpc-registry';
import { FEE_ANSWER_TTL_MS } from './fee-answer-cache';
import { solanaFeePriceDto, toFeePriceDto } from './fee-price-dto';
import { FeeService } from './fee-service';
import type { FeesResult } from './fees.response';
import { SolanaFeeLevelsReader } from './solana/solana-fee-levels';
import { TronFeePricesReader } from './tron/tron-fee-prices';

export class GetFeesQuery extends Query<FeesResult> {
  constructor(
    readonly chain: string,
    /** Solana: the accounts a transaction would write-lock. */
    readonly accounts?: readonly string[],
  ) {
    super();
  }
}

const NOT_EVM = { chainId: null, baseFeePerGas: null } as const;

/**
 * The chain's current fees, live from its node, by family (docs/architecture.md §16). EVM answers are
 * shared by every caller for FEE_ANSWER_TTL_MS (one node read per chain for a burst); Solana's depend on
 * the accounts asked; Tron's come from its chain parameters, which the chain adapter caches
 * (getCachedChainParameters).
 */
@QueryHandler(GetFeesQuery)
export class GetFeesHandler implements IQueryHandler<GetFeesQuery, FeesResult> {
  private readonly evmAnswers = new SharedAnswers<string, FeesResult>(FEE_ANSWER_TTL_MS);

  constructor(
    private readonly chains: TxChainResolver,
    private readonly fees: FeeService,
    private readonly rpc: ChainRpcRegistry,
    private readonly solana: SolanaFeeLevelsReader,
    private readonly tron: TronFeePricesReader,
  ) {}

  async execute({ chain: id, accounts }: GetFeesQuery): Promise<FeesResult> {
    const chain = await this.chains.resolveAnyFamily(id);
    if (accounts !== undefined && chain.family !== 'solana') {
      throw ApiError.badRequest(ErrorCode.VALIDATION_ERROR, 'accounts applies to Solana only');
    }
    switch (chain.family) {
      case 'evm':
        return this.evmAnswers.get(chain.entry.id, async () => {
          const [levels, chainId] = await Promise.all([
            this.fees.levels(chain),
            this.rpc.evmChainId(chain.entry.id, chain.client),
          ]);
          return {
            chain: chain.entry.id,
            chainId,
            mode: levels.mode,
            baseFeePerGas: levels.baseFeePerGas,
            slow: toFeePriceDto(levels.slow),
            standard: toFeePriceDto(levels.standard),
            fast: toFeePriceDto(levels.fast),
            solana: null,
            tron: null,
          };
        });
      case 'solana': {
        const levels = await this.solana.levels(chain, writableAccounts(accounts ?? []));
        return {
          chain: chain.entry.id,
          ...NOT_EVM,
          mode: 'SOLANA',
          slow: solanaFeePriceDto(levels.slow),
          standard: solanaFeePriceDto(levels.standard),
          fast: solanaFeePriceDto(levels.fast),
          solana: { lamportsPerSignature: levels.lamportsPerSignature, slots: levels.slots },
          tron: null,
        };
      }
      case 'tron': {
        const prices = await this.tron.prices(chain);
        return {
          chain: chain.entry.id,
          ...NOT_EVM,
          mode: 'TRON',
          slow: null,
          standard: null,
          fast: null,
          solana: null,
          tron: prices,
        };
      }
    }
  }
}

function writableAccounts(accounts: readonly string[]): PublicKey[] {
  return accounts.map((raw) => {
    const key = parseSolanaAddress(raw);
    if (!key)
      throw ApiError.badRequest(ErrorCode.INVALID_ADDRESS, `accounts: ${raw} is not a base58 Solana address`);
    return key;
  });
}
