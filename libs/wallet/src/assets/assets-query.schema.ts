import { z } from 'zod';
import { RegistryErrorCode } from '../registry-error-codes';

export const RESOLVE_LIMIT_MAX = 10;
/** The full list pages by `limit` (default LIST_LIMIT_DEFAULT, at most LIST_LIMIT_MAX) and `cursor`. */
export const LIST_LIMIT_DEFAULT = 100;
export const LIST_LIMIT_MAX = 500;

/** An optional search text: trimmed, empty meaning absent. */
const searchText = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((s) => (s ? s : undefined));

/**
 * Query string of GET /api/assets. With `symbol` or `name` (not both) it resolves candidates, at most
 * `limit` (1–10, default 10); without, it lists the chain's active assets a page at a time: `limit`
 * (1–500, default 100) after `cursor`, the previous page's next-page token. A bad limit in either mode is
 * 400 INVALID_LIMIT; a cursor in resolve mode, or one this service did not make, 400 VALIDATION_ERROR.
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
      .refine((s) => /^\d{1,3}$/.test(s) && Number(s) >= 1, {
        error: `limit must be an integer from 1 to ${LIST_LIMIT_MAX} (${RESOLVE_LIMIT_MAX} with symbol or name)`,
        params: { code: RegistryErrorCode.INVALID_LIMIT },
      })
      .transform(Number)
      .optional(),
    cursor: z.string().trim().min(1).max(400).optional(),
  })
  .check((ctx) => {
    const { symbol, name, limit, cursor } = ctx.value;
    const resolving = symbol !== undefined || name !== undefined;
    if (symbol !== undefined && name !== undefined) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['symbol'],
        message: 'give symbol or name, not both',
        params: { code: RegistryErrorCode.SYMBOL_AND_NAME },
      });
    }
    const max = resolving ? RESOLVE_LIMIT_MAX : LIST_LIMIT_MAX;
    if (limit !== undefined && limit > max) {
      ctx.issues.push({
        code: 'custom',
        input: limit,
        path: ['limit'],
        message: `limit must be an integer from 1 to ${max}${resolving ? ' with symbol or name' : ''}`,
        params: { code: RegistryErrorCode.INVALID_LIMIT },
      });
    }
    if (resolving && cursor !== undefined) {
      ctx.issues.push({
        code: 'custom',
        input: cursor,
        path: ['cursor'],
        message: 'cursor pages the full list: not with symbol or name',
      });
    }
  })
  .transform(({ limit, ...rest }) => ({
    ...rest,
    limit:
      limit ??
      (rest.symbol !== undefined || rest.name !== undefined ? RESOLVE_LIMIT_MAX : LIST_LIMIT_DEFAULT),
  }));

export type AssetsQuery = z.output<typeof assetsQuerySchema>;
