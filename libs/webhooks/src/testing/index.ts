export * from './settle';
export * from './test-dispatcher';
export * from './test-receiver';
export * from './transfers';
export * from './webhooks-test-app';
