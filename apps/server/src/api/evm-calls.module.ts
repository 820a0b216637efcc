import { type DynamicModule, Module } from '@nestjs/common';
import { EVM_CALL_PREPARER } from '@chainwire/staking';
import { ContractCallPreparer } from '@chainwire/transactions';

/**
 * Staking's EVM_CALL_PREPARER port served by the transactions feature's ContractCallPreparer, from the
 * app's one TransactionsModule (docs/architecture.md §13): staking builds undelegations with the same
 * nonce, fee and gas services as prepare-sign without importing the feature.
 */
@Module({})
export class EvmCallsModule {
  static forRoot(transactions: DynamicModule): DynamicModule {
    return {
      module: EvmCallsModule,
      imports: [transactions],
      providers: [{ provide: EVM_CALL_PREPARER, useExisting: ContractCallPreparer }],
      exports: [EVM_CALL_PREPARER],
    };
  }
}
