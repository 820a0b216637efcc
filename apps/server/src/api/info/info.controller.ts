import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type ApiKeyRecord, CurrentApiKey } from '@chainwire/auth';
import { ApiAnswers } from '@chainwire/core';
import { GetInfoQuery } from './get-info.query';
import { type InfoResult, infoResultSchema } from './info.response';

/** Counts over every feature's tables: it lives with the assembled API, which knows them all. */
@ApiTags('info')
@Controller('api/info')
export class InfoController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: 'Counts: chains, active assets, indexed blocks per chain, your webhook subscriptions',
  })
  @ApiAnswers({ ok: infoResultSchema })
  info(@CurrentApiKey() key: ApiKeyRecord): Promise<InfoResult> {
    return this.queryBus.execute(new GetInfoQuery(key.id));
  }
}
