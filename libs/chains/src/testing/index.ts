export * from './../evm/testing/rpc-proxy';
export * from './../evm/testing/adapter-settings-for-code';
