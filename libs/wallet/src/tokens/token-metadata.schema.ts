import { z } from 'zod';

/** Body of POST /api/chain/evm/token-metadata: shapes only; the address is checked per chain. */
export const tokenMetadataSchema = z.object({
  chain: z.string().trim().min(1),
  contract: z.string().trim().min(1).max(200),
});

export type TokenMetadataRequest = z.output<typeof tokenMetadataSchema>;
