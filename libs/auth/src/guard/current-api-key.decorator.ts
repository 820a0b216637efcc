import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ApiKeyRecord } from '../api-keys/api-key-repository';

/** The request's authenticated key, attached by the onRequest key check (authenticate-on-request.ts). */
export interface AuthenticatedRequest {
  apiKey?: ApiKeyRecord;
}

export const CurrentApiKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ApiKeyRecord | undefined =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey,
);
