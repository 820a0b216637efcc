import { z } from 'zod';

const address = z.string().trim().min(1).max(200);

/** Body of POST /api/approvals/allowance: shapes only; addresses are checked per chain. */
export const allowanceSchema = z.object({
  chain: z.string().trim().min(1),
  owner: address,
  tokenContract: address,
  spender: address,
});

export type AllowanceRequest = z.output<typeof allowanceSchema>;
