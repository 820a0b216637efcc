import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthModule } from '@chainwire/auth';
import { ChainDirectoryModule } from '@chainwire/chains';
import type { DatabaseModuleRef, HealthRegistryModuleRef, PriceSettings } from '@chainwire/core';
import type { EventStoreModuleRef } from '@chainwire/event-store';
import { type ChainRpcConfig, TransactionsModule } from '@chainwire/transactions';
import { WalletModule } from '@chainwire/wallet';
import { type WebhooksConfig, WebhooksModule } from '@chainwire/webhooks';
import { HealthModule } from '../health/health.module';

export interface ApiModuleOptions {
  readonly database: DatabaseModuleRef;
  /** The configured event store: commands append to it, the same one every other role reads. */
  readonly eventStore: EventStoreModuleRef;
  /** The parts of this process that /health/ready reports. */
  readonly health: HealthRegistryModuleRef;
  /** Chains reachable over JSON-RPC, for the live transaction routes; none: those answer UNSUPPORTED_CHAIN. */
  readonly chains?: readonly ChainRpcConfig[];
  /** The server's webhook settings (signing-secret key, egress rules); none: notification secrets are unusable. */
  readonly webhooks?: WebhooksConfig;
  /** Price cache and sources; none: the defaults (no feed unless ethereum is mainnet, no HTTP provider). */
  readonly prices?: PriceSettings;
}

/** The REST API: every feature module behind the x-api-key guard, each importing what it uses. */
@Module({})
export class ApiModule {
  static forRoot(options: ApiModuleOptions): DynamicModule {
    const { database, eventStore, health } = options;
    // One chain directory (one in-memory chains table) shared by the guard and every feature.
    const chainDirectory = ChainDirectoryModule.forRoot({ database });
    return {
      module: ApiModule,
      imports: [
        CqrsModule.forRoot(),
        AuthModule.forRoot({ database, chainDirectory }),
        WalletModule.forRoot(
          { database, chainDirectory, eventStore },
          {
            settings: options.prices,
            chains: options.chains,
            allowPrivateTargets: options.webhooks?.allowPrivateTargets,
          },
        ),
        TransactionsModule.forRoot({ database, chainDirectory }, { chains: options.chains ?? [] }),
        WebhooksModule.forRoot({ config: options.webhooks, database, eventStore, chainDirectory }),
        HealthModule.forRoot({ database, health }),
      ],
    };
  }
}
