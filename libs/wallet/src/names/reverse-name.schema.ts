import { z } from 'zod';

/** Body of POST /api/names/reverse. */
export const reverseNameSchema = z.object({
  chain: z.string().trim().min(1).default('ethereum'),
  address: z.string().trim().min(1).max(200),
});

export type ReverseNameRequest = z.output<typeof reverseNameSchema>;
