import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthModule } from '@chainwire/auth';
import { AppContextModule, type Database, HealthRegistry, type Logger } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import { type ChainRpcConfig, TransactionsModule } from '@chainwire/transactions';
import { WalletModule } from '@chainwire/wallet';
import { type WebhooksConfig, WebhooksModule } from '@chainwire/webhooks';
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
