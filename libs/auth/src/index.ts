export * from './plans';
export * from './api-keys/api-key-secret';
export * from './api-keys/api-key-repository';
export * from './guard/api-key.guard';
export * from './guard/public.decorator';
export * from './guard/current-api-key.decorator';
export * from './auth.module';
export * from './api-keys/api-key.entity';
