import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Database } from '../../core/src/db/database';
import { DATABASE } from '../../core/src/http/injection-tokens';
import { ChainTiers } from './chain-access/chain-tiers';
import { ApiKeyGuard } from './guard/api-key.guard';

/** Installs the x-api-key guard on every route of the app. Needs DATABASE from the app's context module. */
@Module({
  providers: [
    { provide: ChainTiers, useFactory: (db: Database) => new ChainTiers(db.pool), inject: [DATABASE] },
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  exports: [ChainTiers],
})
export class AuthModule {}
