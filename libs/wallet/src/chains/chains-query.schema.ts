import { z } from 'zod';
import { RegistryErrorCode } from '../registry-error-codes';

/** Query string of GET /api/chains. An empty chainFamily means no filter. */
export const chainsQuerySchema = z.object({
  chainFamily: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((f) => (f ? f : undefined)),
});

export type ChainsQuery = z.output<typeof chainsQuerySchema>;

/** Path of GET /api/chains/slip/{slipId}: a SLIP-44 coin type, a non-negative 32-bit integer. */
export const slipParamsSchema = z.object({
  slipId: z
    .string()
    .trim()
    .refine((s) => /^\d{1,10}$/.test(s) && Number(s) < 2 ** 32, {
      error: 'slipId must be an integer from 0 to 2^32 - 1',
      params: { code: RegistryErrorCode.INVALID_SLIP_ID },
    })
    .transform(Number),
});
