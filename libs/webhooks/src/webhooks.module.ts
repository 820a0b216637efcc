import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { EventStore } from '@chainwire/event-store';
import { unconfiguredWebhooksConfig, type WebhooksConfig } from './config/webhooks-config';
import { ProvisionSigningSecretHandler, RotateSigningSecretHandler } from './secrets/signing-secret.commands';
import { SigningSecretController } from './secrets/signing-secret.controller';
import { CreateSubscriptionHandler, DeleteSubscriptionHandler } from './subscriptions/subscription.commands';
import {
  GetDeliveryLogHandler,
  GetSubscriptionHandler,
  ListSubscriptionsHandler,
} from './subscriptions/subscription.queries';
import { SubscriptionsController } from './subscriptions/subscriptions.controller';
import { WEBHOOK_EVENT_STORE, WEBHOOKS_CONFIG } from './webhook-errors';

export interface WebhooksModuleOptions {
  /** The server passes webhooksConfig(AppConfig.webhooks); default: no key (unconfiguredWebhooksConfig). */
  config?: WebhooksConfig;
  /**
   * The one event store the deployment is configured with. Required: a default of its own would let the
   * API append commands to PostgreSQL while the saga follows KurrentDB (docs/architecture.md §1).
   */
  eventStore: EventStore;
}

/**
 * The notifications endpoints (signing secret, subscriptions, delivery log). Needs DATABASE
 * (AppContextModule), CqrsModule.forRoot() and the x-api-key guard (AuthModule) in the root module.
 */
@Module({})
export class WebhooksModule {
  static forRoot(options: WebhooksModuleOptions): DynamicModule {
    return {
      module: WebhooksModule,
      imports: [CqrsModule],
      controllers: [SigningSecretController, SubscriptionsController],
      providers: [
        { provide: WEBHOOKS_CONFIG, useFactory: () => options.config ?? unconfiguredWebhooksConfig() },
        { provide: WEBHOOK_EVENT_STORE, useValue: options.eventStore },
        ProvisionSigningSecretHandler,
        RotateSigningSecretHandler,
        CreateSubscriptionHandler,
        DeleteSubscriptionHandler,
        GetSubscriptionHandler,
        ListSubscriptionsHandler,
        GetDeliveryLogHandler,
      ],
    };
  }
}
