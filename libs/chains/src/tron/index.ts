export * from './tron-http-client';
export * from './get-reward';
export * from './build-unstake-transaction';
