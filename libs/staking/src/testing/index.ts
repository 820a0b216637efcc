export * from './staking-test-app';
