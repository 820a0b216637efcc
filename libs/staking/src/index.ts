// Staking (docs/architecture.md §13): positions from indexed stake operations, undelegation builds.
export * from './staking.module';
export * from './staking-options';
export * from './staking-error-codes';
export * from './positions/staking.projection';
export * from './positions/staking-operation.entity';
export * from './positions/fold-evm-delegations';
export * from './undelegate/evm-call-preparer.port';
