import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ChainDirectoryModuleRef } from '@chainwire/chains';
import { type DatabaseModuleRef, NO_PLAN_LIMITS } from '@chainwire/core';
import { EVENT_STORE, type EventStoreModuleRef } from '@chainwire/event-store';
import { unconfiguredWebhooksConfig, type WebhooksConfig } from './config/webhooks-config';
import { ProvisionSigningSecretHandler, RotateSigningSecretHandler } from './secrets/signing-secret.commands';
import { SigningSecretController } from './secrets/signing-secret.controller';
import { GetSigningSecretInfoHandler } from './secrets/signing-secret.queries';
import { CreateSubscriptionHandler, DeleteSubscriptionHandler } from './subscriptions/subscription.commands';
import {
  GetDeliveryLogHandler,
  GetSubscriptionHandler,
  ListSubscriptionsHandler,
} from './subscriptions/subscription.queries';
import { SUBSCRIPTION_CAPS, type SubscriptionCaps } from './subscriptions/subscription-cap';
import { SubscriptionsController } from './subscriptions/subscriptions.controller';
import { WEBHOOK_EVENT_STORE, WEBHOOKS_CONFIG } from './webhook-errors';

export interface WebhooksModuleOptions {
  /** The server passes webhooksConfig(AppConfig.webhooks); default: no key (unconfiguredWebhooksConfig). */
  config?: WebhooksConfig;
  readonly database: DatabaseModuleRef;
  /**
   * The one event store the deployment is configured with. Required: a default of its own would let the
   * API append commands to PostgreSQL while the saga follows KurrentDB (docs/architecture.md §1).
   */
  readonly eventStore: EventStoreModuleRef;
  readonly chainDirectory: ChainDirectoryModuleRef;
  /**
   * Live subscriptions a key may hold, by plan (AppConfig.planLimits; 0: unlimited); absent:
   * NO_PLAN_LIMITS, every plan unlimited.
   */
  readonly subscriptionsPerKey?: SubscriptionCaps;
}

/**
 * The notifications endpoints (signing secret, subscriptions, delivery log). Needs CqrsModule.forRoot()
 * and the x-api-key guard (AuthModule) in the root module.
 */
@Module({})
export class WebhooksModule {
  static forRoot(options: WebhooksModuleOptions): DynamicModule {
    return {
      module: WebhooksModule,
      imports: [CqrsModule, options.database, options.eventStore, options.chainDirectory],
      controllers: [SigningSecretController, SubscriptionsController],
      providers: [
        { provide: WEBHOOKS_CONFIG, useFactory: () => options.config ?? unconfiguredWebhooksConfig() },
        { provide: WEBHOOK_EVENT_STORE, useExisting: EVENT_STORE },
        {
          provide: SUBSCRIPTION_CAPS,
          useValue: options.subscriptionsPerKey ?? NO_PLAN_LIMITS.subscriptionsPerKey,
        },
        ProvisionSigningSecretHandler,
        RotateSigningSecretHandler,
        GetSigningSecretInfoHandler,
        CreateSubscriptionHandler,
        DeleteSubscriptionHandler,
        GetSubscriptionHandler,
        ListSubscriptionsHandler,
        GetDeliveryLogHandler,
      ],
    };
  }
}
