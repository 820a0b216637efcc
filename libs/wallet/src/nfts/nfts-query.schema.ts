import { z } from 'zod';
import { ErrorCode } from '@chainwire/core';

const MAX_UINT256 = 2n ** 256n - 1n;

/** GET /api/nfts/collections/:address. A repeated parameter (an array) fails as VALIDATION_ERROR. */
export const nftCollectionsQuerySchema = z.object({
  chain: z.string().trim().min(1, { error: 'chain is required' }),
});
export type NftCollectionsQuery = z.output<typeof nftCollectionsQuerySchema>;

/** GET /api/nfts/item: tokenId is a uint256 in decimal, kept exact as a bigint. */
export const nftItemQuerySchema = z.object({
  chain: z.string().trim().min(1, { error: 'chain is required' }),
  contract: z.string().trim().min(1, { error: 'contract is required' }),
  tokenId: z
    .string()
    .trim()
    .refine((v) => /^[0-9]{1,78}$/.test(v) && BigInt(v) <= MAX_UINT256, {
      error: 'tokenId must be a decimal integer from 0 to 2^256-1',
      params: { code: ErrorCode.INVALID_TOKEN_ID },
    })
    .transform((v) => BigInt(v)),
});
export type NftItemQuery = z.output<typeof nftItemQuerySchema>;
