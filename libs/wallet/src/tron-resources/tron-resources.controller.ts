import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiAnswers, ApiZodParams } from '@chainwire/core';
import { GetTronResourcesQuery } from './get-tron-resources.query';
import { type TronResourcesResult, tronResourcesResultSchema } from './tron-resources.response';

@ApiTags('tron')
@Controller('api/chain')
export class TronResourcesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':chain/resources/:address')
  @ApiOperation({
    summary: "A Tron account's energy and bandwidth, read live from the node",
    description:
      'From /wallet/getaccountresource; fields the node leaves out count 0. bandwidthUsed / bandwidthLimit ' +
      'combine the free daily allowance (freeNetUsed / freeNetLimit) and bandwidth from staked TRX ' +
      '(NetUsed / NetLimit). Errors: 400 INVALID_ADDRESS, UNKNOWN_CHAIN, UNSUPPORTED_CHAIN (not Tron, or no ' +
      'TRON_RPC_URL); 401; 403 CHAIN_NOT_IN_PLAN; 503 SERVICE_UNAVAILABLE.',
  })
  // The route takes any chain (another is 400 UNSUPPORTED_CHAIN); the document names the one it serves,
  // `tron` written into the path as the interface has it (openapi/complete-document.ts).
  @ApiZodParams(
    z.object({
      chain: z.enum(['tron']),
      address: z
        .string()
        .meta({ description: 'Base58 (`T…`) or hex (`41…`)', example: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }),
    }),
  )
  @ApiAnswers({
    ok: tronResourcesResultSchema,
    errors: {
      400: ['INVALID_ADDRESS', 'UNKNOWN_CHAIN', 'UNSUPPORTED_CHAIN'],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  get(@Param('chain') chain: string, @Param('address') address: string): Promise<TronResourcesResult> {
    return this.queryBus.execute(new GetTronResourcesQuery(chain, address));
  }
}
