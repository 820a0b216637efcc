import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ApiKeyRecord } from '../api-keys/api-key-repository';

/** The request's authenticated key, attached by ApiKeyGuard. */
export interface AuthenticatedRequest {
  apiKey?: ApiKeyRecord;
}

export const CurrentApiKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ApiKeyRecord | undefined =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey,
);
