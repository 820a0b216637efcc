import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Address, getAddress, keccak256 } from 'viem';
import type { ApiKeyRecord } from '@chainwire/auth';
import { asNodeFailure, isEvmAddress, parseAccountAddress, readTokenMetadata } from '@chainwire/chains';
import { ApiError } from '@chainwire/core';
import { EVENT_STORE, type EventStore, handleCommand } from '@chainwire/event-store';
import { swapDecider } from '../lifecycle/swap.decider';
import { swapStream, type SwapQuotedData } from '../lifecycle/swap.events';
import type { SwapToken } from '../providers/swap-provider';
import { SwapProviders } from '../providers/swap-providers';
import { SwapChains } from '../swap-chains';
import { SwapErrorCode } from '../swap-errors';
import { SWAPS_OPTIONS, type SwapsModuleOptions } from '../swaps-options';
import type { QuoteRequest } from './quote.schema';
import type { QuoteResult } from './quote.response';

export class QuoteSwapCommand extends Command<QuoteResult> {
  constructor(
    readonly request: QuoteRequest,
    readonly apiKey: ApiKeyRecord,
  ) {
    super();
  }
}

/**
 * A quote (docs/architecture.md §14): the rules of the request (chains and plan, then amount, tokens,
 * liquidity), then the provider's amounts and the exact transaction the route will answer, appended as
 * SwapQuoted to a new `swap-<quoteId>` stream. Its expiry is the transaction's deadline.
 */
@CommandHandler(QuoteSwapCommand)
export class QuoteSwapHandler implements ICommandHandler<QuoteSwapCommand, QuoteResult> {
  private readonly now: () => Date;

  constructor(
    private readonly chains: SwapChains,
    private readonly providers: SwapProviders,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(SWAPS_OPTIONS) private readonly options: SwapsModuleOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async execute({ request, apiKey }: QuoteSwapCommand): Promise<QuoteResult> {
    const srcEntry = await this.chains.entry(request.srcChain, apiKey);
    const dstEntry = await this.chains.entry(request.dstChain, apiKey);
    const provider = this.providers.for(srcEntry.id, dstEntry.id);
    if (!provider) {
      throw ApiError.badRequest(
        SwapErrorCode.UNSUPPORTED_ROUTE,
        srcEntry.id === dstEntry.id
          ? `No swap provider is configured on ${srcEntry.id}`
          : `Cross-chain swaps (${srcEntry.id} → ${dstEntry.id}) are not supported yet`,
      );
    }
    const { client } = this.chains.node(srcEntry);
    const from = parseAccountAddress(srcEntry.family, request.from).display as Address;
    if (request.srcAmount === 0n)
      throw ApiError.badRequest(SwapErrorCode.ZERO_AMOUNT, 'srcAmount must be above 0');
    const srcToken = parseToken(request.srcToken, 'srcToken');
    const dstToken = parseToken(request.dstToken, 'dstToken');
    const weth = await provider.wrappedNative(srcEntry.id, client).catch(asNodeFailure);
    if (!weth) {
      throw ApiError.badRequest(
        SwapErrorCode.UNSUPPORTED_ROUTE,
        `The ${provider.name} router configured for ${srcEntry.id} does not answer WETH()`,
      );
    }
    // `native` and the wrapped native are one asset to a pool: that is a wrap, not a swap.
    const asset = (t: SwapToken) => (t === 'native' ? weth : t);
    if (asset(srcToken) === asset(dstToken)) {
      throw ApiError.badRequest(SwapErrorCode.SAME_TOKEN, 'srcToken and dstToken are the same asset');
    }
    for (const [name, token] of [
      ['srcToken', srcToken],
      ['dstToken', dstToken],
    ] as const) {
      if (token === 'native') continue;
      const metadata = await readTokenMetadata(client, token).catch(asNodeFailure);
      if (!metadata)
        throw ApiError.badRequest(
          SwapErrorCode.UNKNOWN_TOKEN,
          `${name} ${token} is not an ERC-20 token on ${srcEntry.id}`,
        );
    }

    const quotedAt = this.now();
    const expiresAtMs = quotedAt.getTime() + this.options.quoteTtlMs;
    const quote = await provider
      .quote({
        chain: srcEntry.id,
        client,
        srcToken,
        dstToken,
        srcAmount: request.srcAmount,
        from,
        slippageBps: request.slippageBps,
        deadline: BigInt(Math.floor(expiresAtMs / 1000)),
      })
      .catch(asNodeFailure);
    if (!quote) {
      throw ApiError.badRequest(
        SwapErrorCode.NO_LIQUIDITY,
        `No ${provider.name} pool on ${srcEntry.id} can swap ${request.srcAmount} of ${srcToken} into ${dstToken}`,
      );
    }
    const quoteId = randomUUID();
    const data: SwapQuotedData = {
      quoteId,
      apiKeyId: apiKey.id,
      provider: provider.name,
      srcChain: srcEntry.id,
      dstChain: dstEntry.id,
      srcToken,
      dstToken,
      srcAmount: request.srcAmount.toString(),
      dstAmount: quote.dstAmount.toString(),
      minDstAmount: quote.minDstAmount.toString(),
      slippageBps: request.slippageBps,
      priceImpactBps: quote.priceImpactBps,
      from,
      rawProviderRef: quote.rawProviderRef,
      tx: {
        to: quote.tx.to,
        data: quote.tx.data,
        dataHash: keccak256(quote.tx.data),
        valueWei: quote.tx.value.toString(),
        approval: quote.approval && {
          token: quote.approval.token,
          spender: quote.approval.spender,
          amount: quote.approval.amount.toString(),
        },
      },
      liquidityFee: quote.liquidityFee.toString(),
      liquidityFeeBps: quote.liquidityFeeBps,
      fallbackGas: quote.fallbackGas.toString(),
      expiresAt: new Date(expiresAtMs).toISOString(),
      at: quotedAt.toISOString(),
    };
    await handleCommand(this.eventStore, swapStream(quoteId), swapDecider, { type: 'Quote', data });
    return {
      quoteId,
      provider: provider.name,
      status: 'QUOTED',
      srcAmount: request.srcAmount,
      dstAmount: quote.dstAmount,
      minDstAmount: quote.minDstAmount,
      priceImpactBps: quote.priceImpactBps,
      expiresAt: data.expiresAt,
    };
  }
}

function parseToken(raw: string, name: string): SwapToken {
  if (raw.toLowerCase() === 'native') return 'native';
  if (!isEvmAddress(raw))
    throw ApiError.badRequest(SwapErrorCode.UNKNOWN_TOKEN, `${name} must be "native" or a contract address`);
  return getAddress(raw);
}
