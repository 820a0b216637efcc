export * from './swaps-test-bed';
