import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { type ChainDirectoryModuleRef, TronHttpClient, type TronNodeConfig } from '@chainwire/chains';
import { GetTronResourcesHandler } from './get-tron-resources.query';
import { TronResourcesController } from './tron-resources.controller';
import { TRON_NODE } from '../chain-reads/tron-node';

/**
 * GET /api/chain/{chain}/resources/{address}: Tron energy and bandwidth through the chain adapter. Without
 * a node (`tron` absent) the route answers 400 UNSUPPORTED_CHAIN. Needs CqrsModule.forRoot() in the root.
 */
@Module({})
export class TronResourcesModule {
  static forRoot(imports: { chainDirectory: ChainDirectoryModuleRef }, tron?: TronNodeConfig): DynamicModule {
    return {
      module: TronResourcesModule,
      imports: [CqrsModule, imports.chainDirectory],
      controllers: [TronResourcesController],
      providers: [
        { provide: TRON_NODE, useValue: tron ? new TronHttpClient(tron) : null },
        GetTronResourcesHandler,
      ],
    };
  }
}
