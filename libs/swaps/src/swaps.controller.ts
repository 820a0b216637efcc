import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type ApiKeyRecord, CurrentApiKey } from '@chainwire/auth';
import { ApiAnswers, ApiZodBody, ApiZodParams, Enveloped, ZodValidationPipe } from '@chainwire/core';
import { QuoteSwapCommand } from './quote/quote-swap.command';
import { type QuoteResult, quoteResultSchema } from './quote/quote.response';
import { quoteSchema, routeSchema, type QuoteRequest, type RouteRequest } from './quote/quote.schema';
import { GetSwapRouteQuery } from './route/get-swap-route.query';
import { type SwapRouteResult, swapRouteResultSchema } from './route/swap-route.response';
import { GetSwapStatusQuery } from './status/get-swap-status.query';
import { type SwapStatusResult, swapStatusResultSchema } from './status/swap-status.response';
import { SwapErrorCode } from './swap-errors';

const LIFECYCLE =
  'Lifecycle (stream `swap-<quoteId>`): QUOTED → SUBMITTED → COMPLETED | FAILED, and QUOTED → EXPIRED at ' +
  'expiresAt (SWAP_QUOTE_TTL_SECONDS, default 60). SUBMITTED and the outcome come from the chain indexer, ' +
  'which sees the route transaction (from `from` to the router, with the route calldata): the client reports ' +
  'nothing. A reorg that removes the transaction returns the swap to SUBMITTED.';

@ApiTags('swaps')
@Controller('api/swaps')
export class SwapsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('quote')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Quote a swap (Uniswap V2 on the chain)',
    description:
      'Amounts from the router’s getAmountsOut, price impact from the pair reserves. ' +
      LIFECYCLE +
      ' Errors: 400 VALIDATION_ERROR, UNKNOWN_CHAIN, UNSUPPORTED_CHAIN, INVALID_ADDRESS, SWAP_ZERO_AMOUNT, ' +
      'SWAP_SAME_TOKEN, SWAP_UNKNOWN_TOKEN, SWAP_NO_LIQUIDITY, SWAP_UNSUPPORTED_ROUTE (cross-chain, or no ' +
      'router on the chain); 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 503 SERVICE_UNAVAILABLE.',
  })
  @ApiZodBody(quoteSchema)
  @ApiAnswers({
    ok: quoteResultSchema,
    body: true,
    errors: {
      400: [
        'VALIDATION_ERROR',
        'UNKNOWN_CHAIN',
        'UNSUPPORTED_CHAIN',
        'INVALID_ADDRESS',
        SwapErrorCode.ZERO_AMOUNT,
        SwapErrorCode.SAME_TOKEN,
        SwapErrorCode.UNKNOWN_TOKEN,
        SwapErrorCode.NO_LIQUIDITY,
        SwapErrorCode.UNSUPPORTED_ROUTE,
      ],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  async quote(
    @Body(new ZodValidationPipe(quoteSchema)) body: QuoteRequest,
    @CurrentApiKey() apiKey: ApiKeyRecord,
  ): Promise<Enveloped<QuoteResult>> {
    return new Enveloped(await this.commandBus.execute(new QuoteSwapCommand(body, apiKey)));
  }

  @Post('route')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The transaction of a quote, ready to sign',
    description:
      'Nonce, fees (the standard level) and gas (eth_estimateGas + 20 %) as of now. An ERC-20 source the ' +
      'router may not take yet: tx.approvalRequired, with approvalSpender, approvalToken and approvalAmount, ' +
      'and a warning; approve first, then send the swap (its nonce is the one after the approval’s). ' +
      LIFECYCLE +
      ' Errors: 404 QUOTE_NOT_FOUND (also another key’s quote); 409 CONFLICT (already SUBMITTED or COMPLETED); ' +
      '410 QUOTE_EXPIRED; 401; 403 CHAIN_NOT_IN_PLAN; 503 SERVICE_UNAVAILABLE.',
  })
  @ApiZodBody(routeSchema)
  @ApiAnswers({
    ok: swapRouteResultSchema,
    body: true,
    errors: {
      400: ['VALIDATION_ERROR'],
      404: [SwapErrorCode.QUOTE_NOT_FOUND],
      409: ['CONFLICT'],
      410: [SwapErrorCode.QUOTE_EXPIRED],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  async route(
    @Body(new ZodValidationPipe(routeSchema)) body: RouteRequest,
    @CurrentApiKey() apiKey: ApiKeyRecord,
  ): Promise<Enveloped<SwapRouteResult>> {
    return new Enveloped(await this.queryBus.execute(new GetSwapRouteQuery(body.quoteId, apiKey)));
  }

  @Get('status/:quoteId')
  @ApiOperation({
    summary: 'The status of a swap',
    description: LIFECYCLE + ' Errors: 404 QUOTE_NOT_FOUND (also another key’s quote); 401.',
  })
  @ApiZodParams(z.object({ quoteId: z.string().meta({ format: 'uuid' }) }))
  @ApiAnswers({ ok: swapStatusResultSchema, errors: { 404: [SwapErrorCode.QUOTE_NOT_FOUND] } })
  async status(
    @Param('quoteId') quoteId: string,
    @CurrentApiKey() apiKey: ApiKeyRecord,
  ): Promise<Enveloped<SwapStatusResult>> {
    return new Enveloped(await this.queryBus.execute(new GetSwapStatusQuery(quoteId, apiKey)));
  }
}
