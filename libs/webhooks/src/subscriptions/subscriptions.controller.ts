import { Body, Controller, Delete, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type ApiKeyRecord, CurrentApiKey } from '@chainwire/auth';
import { ApiAnswers, ApiZodBody, ApiZodParams, ApiZodQuery, ZodValidationPipe } from '@chainwire/core';
import type { WebhooksConfig } from '../config/webhooks-config';
import type { DeliveryLogEntry } from '../deliveries/deliveries.projection';
import { deliveryLogEntrySchema } from '../deliveries/delivery-log.response';
import { WEBHOOKS_CONFIG, WebhookErrorCode } from '../webhook-errors';
import { CreateSubscriptionCommand, DeleteSubscriptionCommand } from './subscription.commands';
import { GetDeliveryLogQuery, GetSubscriptionQuery, ListSubscriptionsQuery } from './subscription.queries';
import type { SubscriptionView } from './subscription.response';
import {
  createSubscriptionBodySchema,
  listLimitQuerySchema,
  subscriptionViewSchema,
} from './subscription-view.response';
import {
  createSubscriptionSchema,
  listQuerySchema,
  type CreateSubscriptionBody,
} from './subscription.schemas';

const SUBSCRIPTION_ID = z.object({ id: z.string().meta({ format: 'uuid' }) });
const NOT_FOUND = { 404: [WebhookErrorCode.SUBSCRIPTION_NOT_FOUND] };

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
  @ApiZodBody(createSubscriptionBodySchema)
  @ApiAnswers({
    ok: subscriptionViewSchema,
    status: 201,
    body: true,
    errors: {
      400: [
        'UNKNOWN_CHAIN',
        'INVALID_ADDRESS',
        WebhookErrorCode.INVALID_WEBHOOK_URL,
        WebhookErrorCode.INVALID_EVENT_KINDS,
      ],
      409: [WebhookErrorCode.SUBSCRIPTION_EXISTS, WebhookErrorCode.SUBSCRIPTION_LIMIT],
    },
  })
  create(@CurrentApiKey() key: ApiKeyRecord, @Body() body: unknown): Promise<SubscriptionView> {
    const parsed: CreateSubscriptionBody = this.createPipe.transform(body ?? {});
    return this.commandBus.execute(new CreateSubscriptionCommand(key, parsed));
  }

  @Get()
  @ApiOperation({ summary: "This key's subscriptions, newest first (deleted ones left out)" })
  @ApiZodQuery(listLimitQuerySchema)
  @ApiAnswers({ ok: z.array(subscriptionViewSchema), errors: { 400: [WebhookErrorCode.INVALID_LIMIT] } })
  list(@CurrentApiKey() key: ApiKeyRecord, @Query() query: unknown): Promise<SubscriptionView[]> {
    const { limit } = this.listPipe.transform(query ?? {});
    return this.queryBus.execute(new ListSubscriptionsQuery(key.id, limit));
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One subscription with its status',
    description: 'Errors: 404 SUBSCRIPTION_NOT_FOUND.',
  })
  @ApiZodParams(SUBSCRIPTION_ID)
  @ApiAnswers({ ok: subscriptionViewSchema, errors: NOT_FOUND })
  get(@CurrentApiKey() key: ApiKeyRecord, @Param('id') id: string): Promise<SubscriptionView> {
    return this.queryBus.execute(new GetSubscriptionQuery(key.id, id));
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a subscription: nothing is delivered for it afterwards, held deliveries included',
    description: 'Errors: 404 SUBSCRIPTION_NOT_FOUND.',
  })
  @ApiZodParams(SUBSCRIPTION_ID)
  // No body is taken, but one sent is still read (and refused) before the handler runs.
  @ApiAnswers({ ok: subscriptionViewSchema, body: true, errors: NOT_FOUND })
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
  @ApiZodParams(SUBSCRIPTION_ID)
  @ApiZodQuery(listLimitQuerySchema)
  @ApiAnswers({
    ok: z.array(deliveryLogEntrySchema),
    errors: { ...NOT_FOUND, 400: [WebhookErrorCode.INVALID_LIMIT] },
  })
  deliveries(
    @CurrentApiKey() key: ApiKeyRecord,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<DeliveryLogEntry[]> {
    const { limit } = this.listPipe.transform(query ?? {});
    return this.queryBus.execute(new GetDeliveryLogQuery(key.id, id, limit));
  }
}
