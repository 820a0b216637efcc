import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ChainDirectoryModule } from '@chainwire/chains';
import { ApiKeyGuard } from './guard/api-key.guard';

/**
 * Installs the x-api-key guard on every route of the app, and the process-wide chain directory it and
 * the features read chains from. Needs the DataSource from the app's context module (AppContextModule).
 */
@Module({
  imports: [ChainDirectoryModule],
  providers: [{ provide: APP_GUARD, useClass: ApiKeyGuard }],
})
export class AuthModule {}
