import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthModule } from '../../../../libs/auth/src/auth.module';
import type { Database } from '../../../../libs/core/src/db/database';
import { AppContextModule } from '../../../../libs/core/src/http/app-context.module';
import type { Logger } from '../../../../libs/core/src/logging/logger';
import { TransactionsModule } from '../../../../libs/transactions/src/transactions.module';
import { WalletModule } from '../../../../libs/wallet/src/wallet.module';
import { WebhooksModule } from '../../../../libs/webhooks/src/webhooks.module';

export interface ApiDeps {
  db: Database;
  logger: Logger;
}

/** The REST API: every feature module behind the x-api-key guard. */
@Module({})
export class ApiModule {
  static forRoot(deps: ApiDeps): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        AppContextModule.forRoot(deps),
        CqrsModule.forRoot(),
        AuthModule,
        WalletModule,
        TransactionsModule.forRoot({ chains: [] }),
        WebhooksModule.forRoot(),
      ],
    };
  }
}
