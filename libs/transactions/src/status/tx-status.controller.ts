import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiAnswers, ApiZodParams, Enveloped } from '@chainwire/core';
import { GetTxStatusQuery } from './get-tx-status.query';
import { type TxStatusResult, txStatusResultSchema } from './tx-status.response';

@ApiTags('transactions')
@Controller('api/txs/status')
export class TxStatusController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':chain/:txHash')
  @ApiOperation({
    summary: "A transaction's live status from the chain node (EVM, Solana, Tron)",
    description:
      'txHash is the id POST /api/txs/send answered: the 0x hash on EVM chains, the first signature (base58) on ' +
      'Solana (blockNumber is then the slot; a transaction only `processed` is PENDING), the txID on Tron (PENDING ' +
      "while in the node's pool; FAILED when its receipt says REVERT or OUT_OF_ENERGY). " +
      "Errors: 400 VALIDATION_ERROR (txHash not of the chain's form), UNKNOWN_CHAIN, UNSUPPORTED_CHAIN; 401 UNAUTHORIZED; " +
      '403 CHAIN_NOT_IN_PLAN; 503 SERVICE_UNAVAILABLE. An unknown id is 200 with status NOT_FOUND.',
  })
  @ApiZodParams(
    z.object({
      chain: z.string().meta({ description: 'Registry chain id', example: 'ethereum' }),
      txHash: z.string().meta({
        description: 'EVM: 0x + 64 hex digits; Solana: base58 signature; Tron: the txID, 64 hex digits',
        example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
      }),
    }),
  )
  @ApiAnswers({
    ok: txStatusResultSchema,
    errors: {
      400: ['VALIDATION_ERROR', 'UNKNOWN_CHAIN', 'UNSUPPORTED_CHAIN'],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  async status(
    @Param('chain') chain: string,
    @Param('txHash') txHash: string,
  ): Promise<Enveloped<TxStatusResult>> {
    return new Enveloped(await this.queryBus.execute(new GetTxStatusQuery(chain, txHash)));
  }
}
