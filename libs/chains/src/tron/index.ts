export * from './tron-http-client';
