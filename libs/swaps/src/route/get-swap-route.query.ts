import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Address, Hex } from 'viem';
import type { ApiKeyRecord } from '@chainwire/auth';
import {
  asNodeFailure,
  type ChainEntry,
  estimateGas,
  ExecutionFailedError,
  getPendingNonce,
  readTokenAllowance,
} from '@chainwire/chains';
import { ApiError, ErrorCode, formattedNumber, type LosslessNumber } from '@chainwire/core';
import { adjustPrice, EvmFeeStrategy, type FeePrice, gasLimitFor } from '@chainwire/transactions';
import {
  formatDecimal,
  multiplyDecimals,
  parseDecimal,
  PRICE_SERVICE,
  type PriceService,
} from '@chainwire/wallet';
import { SwapRepository } from '../lifecycle/swap-repository';
import { SwapChains } from '../swap-chains';
import { SwapErrorCode } from '../swap-errors';
import { SWAPS_OPTIONS, type SwapsModuleOptions } from '../swaps-options';
import { joinNotes } from './route-notes';
import type { SwapRouteResult } from './swap-route.response';

/** About one block: a same-chain swap completes in the block that takes it. */
const ESTIMATED_DURATION_SEC = 15;

export class GetSwapRouteQuery extends Query<SwapRouteResult> {
  constructor(
    readonly quoteId: string,
    readonly apiKey: ApiKeyRecord,
  ) {
    super();
  }
}

/**
 * The route of a quote (docs/architecture.md §14): the transaction fixed at quote time with what a wallet
 * needs to sign it now — nonce, fees (the standard level, as prepare-sign), gas (estimated + 20 %,
 * prepare-sign's margin), chain id — and, for an ERC-20 source, whether the router still needs an
 * approval (read live). Until the approval is given the node cannot estimate the swap (it would revert),
 * so the gas is the provider's figure for such a swap and the nonce the one after the approval's.
 * Nothing is appended, except an expiry when the quote is past it (410 QUOTE_EXPIRED).
 */
@QueryHandler(GetSwapRouteQuery)
export class GetSwapRouteHandler implements IQueryHandler<GetSwapRouteQuery, SwapRouteResult> {
  constructor(
    private readonly swaps: SwapRepository,
    private readonly chains: SwapChains,
    private readonly fees: EvmFeeStrategy,
    @Inject(PRICE_SERVICE) private readonly prices: PriceService,
    @Inject(SWAPS_OPTIONS) private readonly options: SwapsModuleOptions,
  ) {}

  async execute({ quoteId, apiKey }: GetSwapRouteQuery): Promise<SwapRouteResult> {
    const now = this.options.now?.() ?? new Date();
    const state = await this.swaps.expireIfDue(await this.swaps.load(quoteId, apiKey.id), now);
    if (state.status === 'SUBMITTED' || state.status === 'COMPLETED')
      throw new ApiError(
        409,
        ErrorCode.CONFLICT,
        `The swap is ${state.status} (transaction ${state.txHash})`,
      );
    // A failed swap past its deadline cannot be retried either: the router would refuse the transaction.
    if (state.status === 'EXPIRED' || now.getTime() >= Date.parse(state.quote.expiresAt))
      throw new ApiError(410, SwapErrorCode.QUOTE_EXPIRED, `The quote expired at ${state.quote.expiresAt}`);
    const q = state.quote;
    const entry = await this.chains.entry(q.srcChain, apiKey);
    const { client } = this.chains.node(entry);
    const from = q.from as Address;
    const tx = { from, to: q.tx.to as Address, value: BigInt(q.tx.valueWei), data: q.tx.data as Hex };
    const approval = q.tx.approval;

    const [allowance, levels, chainId, pendingNonce] = await Promise.all([
      approval
        ? readTokenAllowance(client, approval.token as Address, from, approval.spender as Address)
        : Promise.resolve(null),
      this.fees.levels({ family: 'evm', entry, client }),
      client.getChainId(),
      getPendingNonce(client, from),
    ]).catch(asNodeFailure);
    const approvalRequired = approval !== null && (allowance ?? 0n) < BigInt(approval.amount);
    const warnings: string[] = [];
    const notes: string[] = [];
    let estimatedGas: bigint;
    if (approvalRequired) {
      estimatedGas = BigInt(q.fallbackGas);
      warnings.push(
        `${approval.spender} may not yet take ${approval.amount} of ${approval.token} from ${from}: ` +
          `send approve(${approval.spender}, ${approval.amount}) on the token first (nonce ${pendingNonce})`,
      );
      notes.push(
        `gasLimit is an estimate for a swap of this shape: the node cannot simulate it before the approval`,
      );
    } else {
      try {
        estimatedGas = await estimateGas(client, tx);
      } catch (error) {
        if (!(error instanceof ExecutionFailedError)) asNodeFailure(error);
        estimatedGas = BigInt(q.fallbackGas);
        warnings.push(`The swap would fail if sent now: ${(error as ExecutionFailedError).reason}`);
      }
    }
    const gasLimit = gasLimitFor(estimatedGas);
    const price = adjustPrice(levels, {});
    const perGas =
      price.mode === 'EIP1559' ? (levels.baseFeePerGas ?? 0n) + price.maxPriorityFeePerGas : price.gasPrice;
    const gasUsd = await this.gasUsd(entry, estimatedGas * perGas, warnings);
    if (state.status === 'FAILED')
      notes.push(`A transaction for this quote reverted (${state.txHash}); this one may be sent again`);
    notes.push(`Valid until ${q.expiresAt}: the router refuses the transaction after its deadline`);

    const liquidityFee = BigInt(q.liquidityFee);
    return {
      provider: q.provider,
      srcChain: q.srcChain,
      dstChain: q.dstChain,
      srcToken: q.srcToken,
      dstToken: q.dstToken,
      srcAmount: BigInt(q.srcAmount),
      dstAmount: BigInt(q.dstAmount),
      minDstAmount: BigInt(q.minDstAmount),
      rawProviderRef: q.rawProviderRef,
      expiresAt: q.expiresAt,
      fees: {
        integratorBps: 0,
        total: liquidityFee,
        totalBps: q.liquidityFeeBps,
        integratorAmount: 0n,
        protocolBps: 0,
        protocolAmount: 0n,
        gasBaseFee: estimatedGas * (levels.baseFeePerGas ?? (price.mode === 'LEGACY' ? price.gasPrice : 0n)),
        outboundFee: 0n,
        liquidityFee,
        priceImpactBps: q.priceImpactBps,
        feeAsset: q.srcToken,
      },
      warnings,
      priceImpactBps: q.priceImpactBps,
      estimatedGas,
      gasUsd,
      estimatedDurationSec: ESTIMATED_DURATION_SEC,
      approvalSpender: approval?.spender ?? null,
      tx: {
        type: 'EVM',
        chain: q.srcChain,
        from,
        to: tx.to,
        approvalRequired,
        chainId,
        data: tx.data,
        valueWei: tx.value,
        gasLimit,
        ...feeFields(price),
        nonce: pendingNonce + (approvalRequired ? 1 : 0),
        approvalSpender: approval?.spender ?? null,
        approvalToken: approval?.token ?? null,
        approvalAmount: approval ? BigInt(approval.amount) : null,
      },
      notes: joinNotes(notes),
    };
  }

  /** The gas in USD, exact (native price × wei / 10^decimals); null with a warning when no price is known. */
  private async gasUsd(entry: ChainEntry, wei: bigint, warnings: string[]): Promise<LosslessNumber | null> {
    try {
      const price = await this.prices.latest(entry.symbol.toUpperCase(), 'USD');
      const value = parseDecimal(price.value);
      if (!value) return null;
      return formattedNumber(formatDecimal(multiplyDecimals(value, { units: wei, scale: entry.decimals })));
    } catch {
      warnings.push(`No ${entry.symbol}/USD price is available: gasUsd is null`);
      return null;
    }
  }
}

function feeFields(price: FeePrice) {
  return price.mode === 'EIP1559'
    ? { maxPriorityFeePerGas: price.maxPriorityFeePerGas, maxFeePerGas: price.maxFeePerGas, gasPrice: null }
    : { maxPriorityFeePerGas: null, maxFeePerGas: null, gasPrice: price.gasPrice };
}
