export * from './asset-registry';
export * from './asset-registry-error';
export * from './chain-registry';
export * from './contract-address';
export * from './seed-registries';
export * from './well-known-assets';
