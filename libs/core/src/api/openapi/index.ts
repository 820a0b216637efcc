export * from './api-answers.decorator';
export * from './api-input.decorators';
export * from './error-statuses';
export * from './exact-schemas';
export { openApiSchema, type SchemaSide } from './zod-to-openapi';
