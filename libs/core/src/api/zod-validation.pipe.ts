import { type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { ErrorCode } from './error-codes';

export interface ValidationIssue {
  path: string;
  message: string;
}

/**
 * Validates a request part (query, params, body) against a zod schema and returns the parsed value.
 * A refinement can choose the error code with `params: { code }` (e.g. UNSUPPORTED_FIAT_CURRENCY);
 * otherwise the code is VALIDATION_ERROR. The first issue's code wins; all issues go to `data.issues`.
 */
export class ZodValidationPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.output<T> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    const first = result.error.issues[0] as { params?: { code?: string } } | undefined;
    const code = first?.params?.code ?? ErrorCode.VALIDATION_ERROR;
    const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    throw ApiError.badRequest(code, message, { issues });
  }
}
