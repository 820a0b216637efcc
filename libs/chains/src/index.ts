export * from './dev-chain';
export * from './evm';
export * from './registry';
