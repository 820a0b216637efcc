export * from './plans';
export * from './api-keys/api-key-secret';
export * from './api-keys/api-key-repository';
export * from './guard/current-api-key.decorator';
export * from './auth.module';
export * from './api-keys/api-key.entity';
