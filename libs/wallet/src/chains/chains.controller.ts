import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type ApiKeyRecord, CurrentApiKey } from '@chainwire/auth';
import { ApiAnswers, ApiZodParams, ApiZodQuery, ZodValidationPipe } from '@chainwire/core';
import { RegistryErrorCode } from '../registry-error-codes';
import { type ChainCapabilitiesResult, chainCapabilitiesSchema } from './capabilities.response';
import { type ChainItem, chainItemSchema } from './chain.response';
import { type ChainsQuery, chainsQuerySchema, slipParamsSchema } from './chains-query.schema';
import { GetCapabilitiesQuery } from './get-capabilities.query';
import { GetChainsBySlipQuery, ListChainsQuery } from './list-chains.query';

@ApiTags('chains')
@Controller('api/chains')
export class ChainsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: "The registry's chains the key's plan allows, in id order",
    description: 'Errors: 400 INVALID_CHAIN_FAMILY, VALIDATION_ERROR; 401 UNAUTHORIZED.',
  })
  @ApiZodQuery(chainsQuerySchema)
  @ApiAnswers({
    ok: z.array(chainItemSchema),
    errors: { 400: [RegistryErrorCode.INVALID_CHAIN_FAMILY, 'VALIDATION_ERROR'] },
  })
  list(
    @CurrentApiKey() key: ApiKeyRecord,
    @Query(new ZodValidationPipe(chainsQuerySchema)) query: ChainsQuery,
  ): Promise<ChainItem[]> {
    return this.queryBus.execute(new ListChainsQuery(key.plan, query.chainFamily));
  }

  @Get('slip/:slipId')
  @ApiOperation({
    summary: 'The chains with a SLIP-44 coin type that the plan allows (60 names several EVM chains)',
    description: 'Errors: 400 INVALID_SLIP_ID; 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 404 CHAIN_NOT_FOUND.',
  })
  @ApiZodParams(slipParamsSchema)
  @ApiAnswers({
    ok: z.array(chainItemSchema),
    errors: { 400: [RegistryErrorCode.INVALID_SLIP_ID], 404: [RegistryErrorCode.CHAIN_NOT_FOUND] },
  })
  bySlip(
    @CurrentApiKey() key: ApiKeyRecord,
    @Param(new ZodValidationPipe(slipParamsSchema)) params: { slipId: number },
  ): Promise<ChainItem[]> {
    return this.queryBus.execute(new GetChainsBySlipQuery(key.plan, params.slipId));
  }

  // The path parameter is `chain` so the guard checks it against the plan (docs/architecture.md §7).
  @Get(':chain/capabilities')
  @ApiOperation({
    summary: 'Which features this deployment serves for the chain',
    description: 'Errors: 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 404 CHAIN_NOT_FOUND.',
  })
  @ApiZodParams(
    z.object({ chain: z.string().meta({ description: 'Registry chain id', example: 'ethereum' }) }),
  )
  @ApiAnswers({ ok: chainCapabilitiesSchema, errors: { 404: [RegistryErrorCode.CHAIN_NOT_FOUND] } })
  capabilities(@Param('chain') chain: string): Promise<ChainCapabilitiesResult> {
    return this.queryBus.execute(new GetCapabilitiesQuery(chain));
  }
}
