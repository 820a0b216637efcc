import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Database } from '../../core/src/db/database';
import { DATABASE } from '../../core/src/http/injection-tokens';
import type { EventStore } from '../../event-store/src/event-store';
import { PostgresEventStore } from '../../event-store/src/postgres/postgres-event-store';
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
  /** Default: the PostgreSQL event store on the app's DATABASE pool. */
  eventStore?: EventStore;
}

/**
 * The notifications endpoints (signing secret, subscriptions, delivery log). Needs DATABASE
 * (AppContextModule), CqrsModule.forRoot() and the x-api-key guard (AuthModule) in the root module.
 */
@Module({})
export class WebhooksModule {
  static forRoot(options: WebhooksModuleOptions = {}): DynamicModule {
    return {
      module: WebhooksModule,
      imports: [CqrsModule],
      controllers: [SigningSecretController, SubscriptionsController],
      providers: [
        { provide: WEBHOOKS_CONFIG, useFactory: () => options.config ?? unconfiguredWebhooksConfig() },
        {
          provide: WEBHOOK_EVENT_STORE,
          useFactory: (db: Database) => options.eventStore ?? new PostgresEventStore(db.pool),
          inject: [DATABASE],
        },
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
