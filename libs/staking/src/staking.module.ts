import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ChainCapabilitiesModuleRef, ChainDirectoryModuleRef } from '@chainwire/chains';
import type { DatabaseModuleRef } from '@chainwire/core';
import type { EventStoreModuleRef } from '@chainwire/event-store';
import { EvmStakingChains } from './chains/evm-staking-chains';
import { TronStakingChain } from './chains/tron-staking-chain';
import { EvmStakeRows } from './positions/evm-stake-rows';
import { GetStakingPositionsHandler } from './positions/get-positions.query';
import { TronStakeRows } from './positions/tron-stake-rows';
import { StakingPositionsController } from './positions/positions.controller';
import { STAKING_OPTIONS, type StakingModuleOptions } from './staking-options';
import { BuildUndelegateHandler } from './undelegate/build-undelegate.query';
import { UndelegateController } from './undelegate/undelegate.controller';

export interface StakingModuleImports {
  readonly database: DatabaseModuleRef;
  readonly chainDirectory: ChainDirectoryModuleRef;
  /** The app's capability registry: staking registers the chains it serves. */
  readonly capabilities: ChainCapabilitiesModuleRef;
  /** A module exporting EVM_CALL_PREPARER (the app wires the transactions feature's preparer). */
  readonly evmCalls: DynamicModule;
  /** Stake observations are appended to `observation-<chain>`. */
  readonly eventStore: EventStoreModuleRef;
}

/** Staking routes (docs/architecture.md §13). Needs CqrsModule.forRoot() in the root module. */
@Module({})
export class StakingModule {
  static forRoot(imports: StakingModuleImports, options: StakingModuleOptions): DynamicModule {
    return {
      module: StakingModule,
      imports: [
        CqrsModule,
        imports.database,
        imports.chainDirectory,
        imports.capabilities,
        imports.evmCalls,
        imports.eventStore,
      ],
      controllers: [StakingPositionsController, UndelegateController],
      providers: [
        { provide: STAKING_OPTIONS, useValue: options },
        EvmStakingChains,
        TronStakingChain,
        TronStakeRows,
        EvmStakeRows,
        GetStakingPositionsHandler,
        BuildUndelegateHandler,
      ],
    };
  }
}
