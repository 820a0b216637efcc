import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { v4 as uuidv4 } from 'uuid';
import type { ApiKeyRecord, Plan } from '@chainwire/auth';
import { ApiError, type Database, DATABASE } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import { ChainDirectory, parseAccountAddress } from '@chainwire/chains';
import { executeCommand } from '../commands/execute-command';
import { isUuid } from '../ids';
import type { WebhooksConfig } from '../config/webhooks-config';
import { WEBHOOK_EVENT_STORE, WEBHOOKS_CONFIG, WebhookErrorCode } from '../webhook-errors';
import { releaseClaim, STALE_CLAIM_MS, takeClaim, takeOverClaim, type ClaimKey } from './subscription-claims';
import { keyHasRoom, SUBSCRIPTION_CAPS, type SubscriptionCaps } from './subscription-cap';
import { subscriptionDecider } from './subscription.decider';
import { subscriptionStream, type SubscriptionRequestedData } from './subscription.events';
import type { CreateSubscriptionBody } from './subscription.schemas';
import { refreshSubscription } from './subscriptions.read-model';
import { subscriptionView, type SubscriptionView } from './subscription.response';
import {
  deleteWebhookEndpoint,
  storeWebhookEndpoint,
  webhookOrigin,
  webhookUrlsOf,
} from './webhook-endpoints';

export class CreateSubscriptionCommand extends Command<SubscriptionView> {
  constructor(
    readonly apiKey: ApiKeyRecord,
    readonly body: CreateSubscriptionBody,
  ) {
    super();
  }
}

export class DeleteSubscriptionCommand extends Command<SubscriptionView> {
  constructor(
    readonly apiKey: ApiKeyRecord,
    readonly subscriptionId: string,
  ) {
    super();
  }
}

export const subscriptionNotFound = (): ApiError =>
  ApiError.notFound('No such subscription', WebhookErrorCode.SUBSCRIPTION_NOT_FOUND);

/**
 * Appends SubscriptionRequested to a new `subscription-<uuid>` stream; the dispatcher's saga then
 * activates it (or fails it when the chain is not indexed here). One live subscription per
 * (key, chain, address): the claim table decides, before the first event is appended; and at most the
 * plan's cap of live subscriptions per key (409 SUBSCRIPTION_LIMIT), counted on the same claims.
 */
@CommandHandler(CreateSubscriptionCommand)
export class CreateSubscriptionHandler implements ICommandHandler<CreateSubscriptionCommand> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(WEBHOOK_EVENT_STORE) private readonly eventStore: EventStore,
    private readonly chains: ChainDirectory,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
    @Inject(SUBSCRIPTION_CAPS) private readonly caps: SubscriptionCaps,
  ) {}

  async execute({ apiKey, body }: CreateSubscriptionCommand): Promise<SubscriptionView> {
    const chain = await this.chains.require(body.chain);
    const account = parseAccountAddress(chain.family, body.address);
    const id = uuidv4();
    await this.claim({ apiKeyId: apiKey.id, chain: chain.id, address: account.key }, id, apiKey.plan);
    const data: SubscriptionRequestedData = {
      subscriptionId: id,
      apiKeyId: apiKey.id,
      chain: chain.id,
      address: account.display,
      webhookOrigin: webhookOrigin(body.webhookUrl),
      eventKinds: body.eventKinds,
      at: new Date().toISOString(),
    };
    // Sealed before the event: a subscription the event store knows always has its URL.
    await storeWebhookEndpoint(this.db.pool, this.config.secretBox(), id, body.webhookUrl);
    await executeCommand(this.eventStore, subscriptionStream(id), subscriptionDecider, {
      type: 'RequestSubscription',
      data,
    });
    const state = await refreshSubscription(this.db.pool, this.eventStore, id);
    return subscriptionView(state!, body.webhookUrl);
  }

  private async claim(key: ClaimKey, id: string, plan: Plan): Promise<void> {
    const cap = this.caps[plan];
    const claim =
      cap === 0
        ? await takeClaim(this.db.dataSource, key, id)
        : await this.db.dataSource.transaction(async (manager) =>
            (await keyHasRoom(manager, key.apiKeyId, cap)) ? takeClaim(manager, key, id) : null,
          );
    if (claim === null) {
      throw new ApiError(
        409,
        WebhookErrorCode.SUBSCRIPTION_LIMIT,
        `The ${plan} plan allows ${cap} live subscriptions per API key; delete one to create another`,
        { limit: cap },
      );
    }
    if (claim.taken) return;
    const holder = await refreshSubscription(this.db.pool, this.eventStore, claim.holder);
    const dead = holder
      ? holder.status === 'deleted'
      : Date.now() - claim.claimedAt.getTime() > STALE_CLAIM_MS;
    if (dead && (await takeOverClaim(this.db.dataSource, key, claim.holder, id))) return;
    throw new ApiError(
      409,
      WebhookErrorCode.SUBSCRIPTION_EXISTS,
      'This API key already has a subscription for this chain and address',
    );
  }
}

/**
 * Appends SubscriptionDeleted, decided on the subscription's own stream and appended at the revision
 * read: nothing is delivered for it afterwards, held deliveries included.
 */
@CommandHandler(DeleteSubscriptionCommand)
export class DeleteSubscriptionHandler implements ICommandHandler<DeleteSubscriptionCommand> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(WEBHOOK_EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {}

  async execute({ apiKey, subscriptionId }: DeleteSubscriptionCommand): Promise<SubscriptionView> {
    if (!isUuid(subscriptionId)) throw subscriptionNotFound();
    await executeCommand(this.eventStore, subscriptionStream(subscriptionId), subscriptionDecider, {
      type: 'DeleteSubscription',
      data: { apiKeyId: apiKey.id, at: new Date().toISOString() },
    });
    const state = (await refreshSubscription(this.db.pool, this.eventStore, subscriptionId))!;
    const urls = await webhookUrlsOf(this.db.pool, this.config.secretBox(), [state]);
    // The receiver's URL (and any token in it) is not kept past the subscription's deletion.
    await deleteWebhookEndpoint(this.db.pool, subscriptionId);
    await releaseClaim(this.db.dataSource, subscriptionId);
    return subscriptionView(state, urls.get(subscriptionId)!);
  }
}
