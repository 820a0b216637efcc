export * from './get-chain-parameters';
export * from './get-now-block';
export * from './tron-http-client';
export * from './trigger-constant-contract';
