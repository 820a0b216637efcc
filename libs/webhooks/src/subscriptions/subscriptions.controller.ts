import { Body, Controller, Delete, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { type ApiKeyRecord, CurrentApiKey } from '@chainwire/auth';
import { ZodValidationPipe } from '@chainwire/core';
import type { WebhooksConfig } from '../config/webhooks-config';
import type { DeliveryLogEntry } from '../deliveries/deliveries.projection';
import { WEBHOOKS_CONFIG } from '../webhook-errors';
import { CreateSubscriptionCommand, DeleteSubscriptionCommand } from './subscription.commands';
import { EVENT_KINDS } from './subscription.events';
import { GetDeliveryLogQuery, GetSubscriptionQuery, ListSubscriptionsQuery } from './subscription.queries';
import type { SubscriptionView } from './subscription.response';
import {
  createSubscriptionSchema,
  DEFAULT_LIST_LIMIT,
  listQuerySchema,
  MAX_LIST_LIMIT,
  type CreateSubscriptionBody,
} from './subscription.schemas';

const LIMIT_DOC = {
  name: 'limit',
  required: false,
  description: `1 to ${MAX_LIST_LIMIT}, default ${DEFAULT_LIST_LIMIT}; other values: 400 INVALID_LIMIT`,
};

@ApiTags('notifications')
@Controller('api/notifications/subscriptions')
export class SubscriptionsController {
  private readonly createPipe: ZodValidationPipe<ReturnType<typeof createSubscriptionSchema>>;
  private readonly listPipe = new ZodValidationPipe(listQuerySchema);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    @Inject(WEBHOOKS_CONFIG) config: WebhooksConfig,
  ) {
    this.createPipe = new ZodValidationPipe(createSubscriptionSchema(config));
  }

  @Post()
  @ApiOperation({
    summary: 'Subscribe a webhook to incoming transfers of one address',
    description:
      'Starts `pending`; becomes `active` within seconds once the chain indexer watches the address, or `failed` ' +
      'when this deployment does not index the chain (delete it and create anew). Errors: 400 UNKNOWN_CHAIN, ' +
      'INVALID_ADDRESS, INVALID_WEBHOOK_URL, INVALID_EVENT_KINDS; 403 CHAIN_NOT_IN_PLAN; 409 SUBSCRIPTION_EXISTS, ' +
      "SUBSCRIPTION_LIMIT (the key holds its plan's cap of live subscriptions; delete one first).",
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['chain', 'address', 'webhookUrl', 'eventKinds'],
      properties: {
        chain: { type: 'string', example: 'ethereum' },
        address: { type: 'string', example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
        webhookUrl: { type: 'string', example: 'https://example.com/hooks/transfers' },
        eventKinds: { type: 'array', items: { type: 'string', enum: [...EVENT_KINDS] } },
      },
    },
  })
  create(@CurrentApiKey() key: ApiKeyRecord, @Body() body: unknown): Promise<SubscriptionView> {
    const parsed: CreateSubscriptionBody = this.createPipe.transform(body ?? {});
    return this.commandBus.execute(new CreateSubscriptionCommand(key, parsed));
  }

  @Get()
  @ApiOperation({ summary: "This key's subscriptions, newest first (deleted ones left out)" })
  @ApiQuery(LIMIT_DOC)
  list(@CurrentApiKey() key: ApiKeyRecord, @Query() query: unknown): Promise<SubscriptionView[]> {
    const { limit } = this.listPipe.transform(query ?? {});
    return this.queryBus.execute(new ListSubscriptionsQuery(key.id, limit));
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One subscription with its status',
    description: 'Errors: 404 SUBSCRIPTION_NOT_FOUND.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  get(@CurrentApiKey() key: ApiKeyRecord, @Param('id') id: string): Promise<SubscriptionView> {
    return this.queryBus.execute(new GetSubscriptionQuery(key.id, id));
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a subscription: nothing is delivered for it afterwards, held deliveries included',
    description: 'Errors: 404 SUBSCRIPTION_NOT_FOUND.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  delete(@CurrentApiKey() key: ApiKeyRecord, @Param('id') id: string): Promise<SubscriptionView> {
    return this.commandBus.execute(new DeleteSubscriptionCommand(key, id));
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary:
      'The delivery log: per event its status and every attempt (time, HTTP status or error, duration)',
    description:
      'Newest first. There is no manual redelivery. Errors: 404 SUBSCRIPTION_NOT_FOUND; 400 INVALID_LIMIT.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiQuery(LIMIT_DOC)
  deliveries(
    @CurrentApiKey() key: ApiKeyRecord,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<DeliveryLogEntry[]> {
    const { limit } = this.listPipe.transform(query ?? {});
    return this.queryBus.execute(new GetDeliveryLogQuery(key.id, id, limit));
  }
}
