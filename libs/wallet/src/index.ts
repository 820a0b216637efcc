export * from './wallet.module';
export * from './addresses/account-address';
export * from './balances/get-balances.query';
export * from './balances/balances.response';
export * from './balances/fiat-currencies';
export * from './blocks/get-latest-block.query';
export * from './blocks/latest-block.repository';
export * from './balances/balances.repository';
