import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ChainCapabilitiesModuleRef, ChainDirectoryModuleRef } from '@chainwire/chains';
import type { DatabaseModuleRef } from '@chainwire/core';
import { TxChainResolver } from './chains/tx-chain';
import { EvmFeeStrategy } from './fees/evm/evm-fee-strategy';
import { FeeService } from './fees/fee-service';
import { FeesController } from './fees/fees.controller';
import { GetFeesHandler } from './fees/get-fees.query';
import { SolanaFeeLevelsReader } from './fees/solana/solana-fee-levels';
import { TronFeePricesReader } from './fees/tron/tron-fee-prices';
import { GetHistoryHandler } from './history/get-history.query';
import { HistoryController } from './history/history.controller';
import { PrepareSignController } from './prepare-sign/prepare-sign.controller';
import { PrepareSignHandler } from './prepare-sign/prepare-sign.query';
import { ContractCallPreparer } from './prepare-sign/prepare-contract-call';
import { SolanaPrepareSign } from './prepare-sign/solana/prepare-solana-transfer';
import { TronPrepareSign } from './prepare-sign/tron/prepare-tron-transfer';
import { ChainRpcRegistry } from './rpc/chain-rpc-registry';
import { TransactionsCapability } from './rpc/transactions-capability';
import { SendTransactionHandler } from './send/send-transaction.command';
import { SendTransactionController } from './send/send-transaction.controller';
import { GetTxStatusHandler } from './status/get-tx-status.query';
import { TxStatusController } from './status/tx-status.controller';
import { TRANSACTIONS_OPTIONS, type TransactionsModuleOptions } from './transactions-options';

export interface TransactionsModuleImports {
  readonly database: DatabaseModuleRef;
  readonly chainDirectory: ChainDirectoryModuleRef;
  readonly capabilities: ChainCapabilitiesModuleRef;
}

/**
 * Transaction routes: prepare-sign, send, status, fees, history. Needs CqrsModule.forRoot() in the root
 * module; the chains' RPC URLs come from `options`.
 */
@Module({})
export class TransactionsModule {
  static forRoot(imports: TransactionsModuleImports, options: TransactionsModuleOptions): DynamicModule {
    return {
      module: TransactionsModule,
      imports: [CqrsModule, imports.database, imports.chainDirectory, imports.capabilities],
      controllers: [
        PrepareSignController,
        SendTransactionController,
        TxStatusController,
        FeesController,
        HistoryController,
      ],
      providers: [
        { provide: TRANSACTIONS_OPTIONS, useValue: options },
        ChainRpcRegistry,
        TransactionsCapability,
        TxChainResolver,
        EvmFeeStrategy,
        FeeService,
        PrepareSignHandler,
        ContractCallPreparer,
        SolanaPrepareSign,
        TronPrepareSign,
        SendTransactionHandler,
        GetTxStatusHandler,
        GetFeesHandler,
        SolanaFeeLevelsReader,
        TronFeePricesReader,
        GetHistoryHandler,
      ],
      // ContractCallPreparer: other features' transactions (staking), through a port the app wires.
      exports: [ChainRpcRegistry, ContractCallPreparer],
    };
  }
}
