import { Global, Module } from '@nestjs/common';
import { ChainDirectory } from './chain-directory';

/** The one in-memory chains table of the process, injectable in every feature module. */
@Global()
@Module({ providers: [ChainDirectory], exports: [ChainDirectory] })
export class ChainDirectoryModule {}
