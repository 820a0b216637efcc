import { z } from 'zod';
import { RegistryErrorCode } from '../registry-error-codes';

export const RESOLVE_LIMIT_MAX = 10;

/** An optional search text: trimmed, empty meaning absent. */
const searchText = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((s) => (s ? s : undefined));

/**
 * Query string of GET /api/assets. With `symbol` or `name` (not both) it resolves candidates, at most
 * `limit` (1–10, default 10); without, it lists the chain's active assets.
 */
export const assetsQuerySchema = z
  .object({
    chain: z.string().trim().min(1).default('ethereum'),
    stablecoinsOnly: z
      .string()
      .transform((v) => v.trim().toLowerCase())
      .pipe(z.enum(['true', 'false', ''], { error: 'must be true or false' }))
      .transform((v) => v === 'true')
      .default(false),
    symbol: searchText,
    name: searchText,
    limit: z
      .string()
      .trim()
      .refine((s) => /^\d{1,2}$/.test(s) && Number(s) >= 1 && Number(s) <= RESOLVE_LIMIT_MAX, {
        error: `limit must be an integer from 1 to ${RESOLVE_LIMIT_MAX}`,
        params: { code: RegistryErrorCode.INVALID_LIMIT },
      })
      .transform(Number)
      .default(RESOLVE_LIMIT_MAX),
  })
  .check((ctx) => {
    if (ctx.value.symbol !== undefined && ctx.value.name !== undefined) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['symbol'],
        message: 'give symbol or name, not both',
        params: { code: RegistryErrorCode.SYMBOL_AND_NAME },
      });
    }
  });

export type AssetsQuery = z.output<typeof assetsQuerySchema>;
