export * from './../evm/testing/workload';
