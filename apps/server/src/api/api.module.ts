import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthModule } from '../../../../libs/auth/src/auth.module';
import type { Database } from '../../../../libs/core/src/db/database';
import { HealthRegistry } from '../../../../libs/core/src/health/health-registry';
import type { EventStore } from '../../../../libs/event-store/src/event-store';
import { AppContextModule } from '../../../../libs/core/src/http/app-context.module';
import type { Logger } from '../../../../libs/core/src/logging/logger';
import type { ChainRpcConfig } from '../../../../libs/transactions/src/transactions-options';
import { TransactionsModule } from '../../../../libs/transactions/src/transactions.module';
import { WalletModule } from '../../../../libs/wallet/src/wallet.module';
import type { WebhooksConfig } from '../../../../libs/webhooks/src/config/webhooks-config';
import { WebhooksModule } from '../../../../libs/webhooks/src/webhooks.module';
import { HealthModule } from '../health/health.module';

export interface ApiDeps {
  db: Database;
  /** The configured event store: commands append to it, the same one every other role reads. */
  eventStore: EventStore;
  logger: Logger;
  /** Chains reachable over JSON-RPC, for the live transaction routes; none: those answer UNSUPPORTED_CHAIN. */
  chains?: readonly ChainRpcConfig[];
  /** The parts of this process that /health/ready reports; default: an empty registry (the stores only if added). */
  health?: HealthRegistry;
  /** The server's webhook settings (signing-secret key, egress rules); none: notification secrets are unusable. */
  webhooks?: WebhooksConfig;
}

/** The REST API: every feature module behind the x-api-key guard. */
@Module({})
export class ApiModule {
  static forRoot(deps: ApiDeps): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        AppContextModule.forRoot({ db: deps.db, logger: deps.logger }),
        CqrsModule.forRoot(),
        AuthModule,
        WalletModule,
        TransactionsModule.forRoot({ chains: deps.chains ?? [] }),
        WebhooksModule.forRoot({ config: deps.webhooks, eventStore: deps.eventStore }),
        HealthModule.forRoot(deps.health ?? new HealthRegistry()),
      ],
    };
  }
}
