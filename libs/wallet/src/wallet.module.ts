import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BalancesController } from './balances/balances.controller';
import { GetBalancesHandler } from './balances/get-balances.query';
import { BlocksController } from './blocks/blocks.controller';
import { GetLatestBlockHandler } from './blocks/get-latest-block.query';

/** Read-side wallet features. Needs DATABASE (AppContextModule) and CqrsModule.forRoot() in the root module. */
@Module({
  imports: [CqrsModule],
  controllers: [BalancesController, BlocksController],
  providers: [GetBalancesHandler, GetLatestBlockHandler],
})
export class WalletModule {}
