import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AssetEntity, type ChainDirectoryModuleRef, type ChainNode, EvmReadClients } from '@chainwire/chains';
import { DatabaseModule, type DatabaseModuleRef } from '@chainwire/core';
import { AllowanceController } from './approvals/allowance.controller';
import { GetAllowanceHandler } from './approvals/get-allowance.query';
import { BalancesController } from './balances/balances.controller';
import { GetBalancesHandler } from './balances/get-balances.query';
import { BlocksController } from './blocks/blocks.controller';
import { GetLatestBlockHandler } from './blocks/get-latest-block.query';
import { EvmReadChainResolver } from './chain-reads/evm-read-chain';
import { GetTokenMetadataHandler } from './tokens/get-token-metadata.query';
import { TokenMetadataCache } from './tokens/token-metadata-cache';
import { TokenMetadataController } from './tokens/token-metadata.controller';
import { TokenMetadataEntity } from './tokens/token-metadata.entity';
import { TokenRegistration } from './tokens/token-registration';
import { UnregisteredTokens } from './tokens/unregistered-tokens';

export interface WalletModuleImports {
  readonly database: DatabaseModuleRef;
  readonly chainDirectory: ChainDirectoryModuleRef;
}

export interface WalletModuleOptions {
  /** Chains reachable over JSON-RPC, for token metadata, allowances and unregistered tokens in balances. */
  readonly chains?: readonly ChainNode[];
  /** Per JSON-RPC request; default 10 s. */
  readonly rpcTimeoutMs?: number;
}

/** Read-side wallet features. Needs CqrsModule.forRoot() in the root module. */
@Module({})
export class WalletModule {
  static forRoot(imports: WalletModuleImports, options: WalletModuleOptions = {}): DynamicModule {
    return {
      module: WalletModule,
      imports: [
        CqrsModule,
        imports.database,
        imports.chainDirectory,
        DatabaseModule.forFeature(imports.database, [TokenMetadataEntity, AssetEntity]),
      ],
      controllers: [BalancesController, BlocksController, TokenMetadataController, AllowanceController],
      providers: [
        { provide: EvmReadClients, useValue: new EvmReadClients(options.chains ?? [], options.rpcTimeoutMs) },
        EvmReadChainResolver,
        TokenMetadataCache,
        TokenRegistration,
        UnregisteredTokens,
        GetBalancesHandler,
        GetLatestBlockHandler,
        GetTokenMetadataHandler,
        GetAllowanceHandler,
      ],
    };
  }
}
