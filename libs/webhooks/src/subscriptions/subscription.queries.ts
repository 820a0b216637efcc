import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type Database, DATABASE } from '@chainwire/core';
import type { WebhooksConfig } from '../config/webhooks-config';
import { isUuid } from '../ids';
import { WEBHOOKS_CONFIG } from '../webhook-errors';
import { readDeliveryLog, type DeliveryLogEntry } from '../deliveries/deliveries.projection';
import { subscriptionNotFound } from './subscription.commands';
import { findSubscription, listSubscriptions } from './subscriptions.read-model';
import { subscriptionView, type SubscriptionView } from './subscription.response';
import { webhookUrlsOf } from './webhook-endpoints';

export class GetSubscriptionQuery extends Query<SubscriptionView> {
  constructor(
    readonly apiKeyId: string,
    readonly subscriptionId: string,
  ) {
    super();
  }
}

export class ListSubscriptionsQuery extends Query<SubscriptionView[]> {
  constructor(
    readonly apiKeyId: string,
    readonly limit: number,
  ) {
    super();
  }
}

export class GetDeliveryLogQuery extends Query<DeliveryLogEntry[]> {
  constructor(
    readonly apiKeyId: string,
    readonly subscriptionId: string,
    readonly limit: number,
  ) {
    super();
  }
}

/** The key's own, not deleted subscription; anything else is 404 SUBSCRIPTION_NOT_FOUND. */
async function ownSubscription(db: Database, apiKeyId: string, id: string) {
  if (!isUuid(id)) throw subscriptionNotFound();
  const s = await findSubscription(db.pool, id);
  if (!s || s.apiKeyId !== apiKeyId || s.status === 'deleted') throw subscriptionNotFound();
  return s;
}

@QueryHandler(GetSubscriptionQuery)
export class GetSubscriptionHandler implements IQueryHandler<GetSubscriptionQuery, SubscriptionView> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {}

  async execute({ apiKeyId, subscriptionId }: GetSubscriptionQuery): Promise<SubscriptionView> {
    const s = await ownSubscription(this.db, apiKeyId, subscriptionId);
    const urls = await webhookUrlsOf(this.db.pool, this.config.secretBox(), [s]);
    return subscriptionView(s, urls.get(s.id)!);
  }
}

@QueryHandler(ListSubscriptionsQuery)
export class ListSubscriptionsHandler implements IQueryHandler<ListSubscriptionsQuery, SubscriptionView[]> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {}

  async execute({ apiKeyId, limit }: ListSubscriptionsQuery): Promise<SubscriptionView[]> {
    const list = await listSubscriptions(this.db.pool, apiKeyId, limit);
    const urls = await webhookUrlsOf(this.db.pool, this.config.secretBox(), list);
    return list.map((s) => subscriptionView(s, urls.get(s.id)!));
  }
}

@QueryHandler(GetDeliveryLogQuery)
export class GetDeliveryLogHandler implements IQueryHandler<GetDeliveryLogQuery, DeliveryLogEntry[]> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ apiKeyId, subscriptionId, limit }: GetDeliveryLogQuery): Promise<DeliveryLogEntry[]> {
    await ownSubscription(this.db, apiKeyId, subscriptionId);
    return readDeliveryLog(this.db.pool, subscriptionId, limit);
  }
}
