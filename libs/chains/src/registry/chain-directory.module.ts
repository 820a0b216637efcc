import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChainDirectory } from './chain-directory';
import { ChainEntity } from './entities/chain.entity';

/** The one in-memory chains table of the process, injectable in every feature module. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ChainEntity])],
  providers: [ChainDirectory],
  exports: [ChainDirectory],
})
export class ChainDirectoryModule {}
