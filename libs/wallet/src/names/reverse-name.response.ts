import { z } from 'zod';
import { isoTime } from '@chainwire/core';

export const reverseNameResultSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    address: z
      .string()
      .meta({ description: 'Checksummed', example: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }),
    name: z.string().meta({ description: 'The primary ENS name, verified forward', example: 'vitalik.eth' }),
    updatedAt: isoTime({ description: 'When the records were read from the chain' }),
  })
  .meta({ id: 'ReverseNameResult' });

export type ReverseNameResult = z.output<typeof reverseNameResultSchema>;
