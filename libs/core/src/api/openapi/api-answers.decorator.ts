import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { HeadersObject, SchemaObject } from '@nestjs/swagger';
import type { z } from 'zod';
import { okEnvelopeSchema } from '../envelope-schema';
import { errorEnvelopeRef } from './error-envelope-ref';
import {
  BODY_ROUTE_ERRORS,
  ERROR_STATUS_TEXT,
  type ErrorStatus,
  EVERY_ROUTE_ERRORS,
  KEYED_ROUTE_ERRORS,
} from './error-statuses';
import { openApiSchema } from './zod-to-openapi';

/** The codes an operation answers with, by status; a status with `data` has its own details schema. */
export type DeclaredErrors = Partial<Record<ErrorStatus, string[] | { codes: string[]; data: z.ZodType }>>;

export interface ApiAnswersOptions {
  /** The success answer: the envelope's `data`, or the whole body when `bare`. */
  ok: z.ZodType;
  status?: 200 | 201 | 202;
  /** The success answer is sent as is (@BareResponse()); errors are still enveloped. */
  bare?: boolean;
  description?: string;
  headers?: HeadersObject;
  /** What the handler, its pipes and the plan check throw, by status. */
  errors?: DeclaredErrors;
  /** No API key: the health probes. Default false (401 and 429 are declared). */
  public?: boolean;
  /**
   * A body sent is read (400 INVALID_JSON, 413, 415): every POST and DELETE route, whether its handler takes
   * a body or not, since the body parser runs before the handler.
   */
  body?: boolean;
}

/**
 * Every answer of an operation, from zod schemas: the success body (enveloped unless bare) and each
 * error status with the shared error envelope, its description naming the codes. An operation
 * declares every status it can answer, so a client generated from the document handles each one.
 */
export function ApiAnswers(options: ApiAnswersOptions): MethodDecorator {
  const status = options.status ?? 200;
  const body = options.bare ? options.ok : okEnvelopeSchema(options.ok);
  const decorators: MethodDecorator[] = [
    ApiResponse({
      status,
      description: options.description ?? (options.bare ? 'The bare answer (no envelope)' : 'The envelope'),
      schema: openApiSchema(body, 'output'),
      ...(options.headers ? { headers: options.headers } : {}),
    }),
  ];
  for (const [code, { codes, data }] of mergeErrors(options)) {
    decorators.push(
      ApiResponse({
        status: code,
        description: `${ERROR_STATUS_TEXT[code]}: ${codes.join(', ')}`,
        schema: data ? errorWithData(data) : errorEnvelopeRef,
      }),
    );
  }
  return applyDecorators(...decorators);
}

function mergeErrors(options: ApiAnswersOptions): [ErrorStatus, { codes: string[]; data?: z.ZodType }][] {
  const merged = new Map<ErrorStatus, { codes: Set<string>; data?: z.ZodType }>();
  const add = (errors: DeclaredErrors) => {
    for (const [key, value] of Object.entries(errors)) {
      const code = Number(key) as ErrorStatus;
      const entry = merged.get(code) ?? { codes: new Set<string>() };
      const declared = Array.isArray(value) ? { codes: value } : value!;
      for (const c of declared.codes) entry.codes.add(c);
      if ('data' in declared) entry.data = declared.data;
      merged.set(code, entry);
    }
  };
  add(EVERY_ROUTE_ERRORS);
  if (!options.public) add(KEYED_ROUTE_ERRORS);
  if (options.body) add(BODY_ROUTE_ERRORS);
  add(options.errors ?? {});
  return [...merged.entries()]
    .sort(([a], [b]) => a - b)
    .map(([code, entry]) => [code, { codes: [...entry.codes], data: entry.data }]);
}

/** The error envelope whose `data` has a known shape (e.g. the readiness report of 503 NOT_READY). */
function errorWithData(data: z.ZodType): SchemaObject {
  return {
    allOf: [errorEnvelopeRef, { type: 'object', properties: { data: openApiSchema(data, 'output') } }],
  };
}
