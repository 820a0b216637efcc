export * from './../evm/testing/rpc-proxy';
