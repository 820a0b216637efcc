export * from './settle';
export * from './test-receiver';
export * from './transfers';
export * from './webhooks-test-app';
