import { z } from 'zod';
import { ErrorCode } from './error-codes';
import { OK_CODE } from './envelope';

/**
 * The success envelope around a `data` schema (docs/architecture.md §7): every answer but the bare
 * ones. One definition: the document's envelope comes from it, the envelope hook writes its shape.
 */
export function okEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    ok: z.literal(true),
    code: z.literal(OK_CODE),
    message: z
      .string()
      .meta({ description: "'OK', or a note on the answer (e.g. which prices are missing)" }),
    data,
  });
}

/**
 * The error envelope: `ok: false`, a stable code clients branch on, a message safe to show, and
 * `data` with details where the code has some (validation issues, a readiness report), else null.
 * `code` stays an open string: a feature adds its own codes (each operation's answers name them).
 */
export const errorEnvelopeSchema = z
  .object({
    ok: z.literal(false),
    code: z.string().meta({
      description:
        'A stable error code; the operation lists the codes of each status. Codes every route can answer: ' +
        Object.values(ErrorCode).join(', '),
      example: ErrorCode.VALIDATION_ERROR,
    }),
    message: z.string().meta({ description: 'Safe to show; never a stack, a node URL or a secret' }),
    data: z.unknown().meta({ description: 'Details (validation issues, …) or null' }),
  })
  .meta({ description: 'Every error answer, whatever its status' });

export type ErrorEnvelope = z.output<typeof errorEnvelopeSchema>;
