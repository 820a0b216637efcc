import { z } from 'zod';
import { exactInteger, isoTime } from '@chainwire/core';

export const allowanceResultSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    owner: z
      .string()
      .meta({ description: 'Checksummed', example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
    tokenContract: z
      .string()
      .meta({ description: 'Checksummed', example: '0xdAC17F958D2ee523a2206206994597C13D831ec7' }),
    spender: z
      .string()
      .meta({ description: 'Checksummed', example: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45' }),
    allowance: exactInteger({
      description:
        'allowance(owner, spender) in smallest units: a JSON number literal with every digit, as balances ' +
        'amounts are; the unlimited approval is 2^256-1 = ' +
        '115792089237316195423570985008687907853269984665640564039457584007913129639935. ' +
        'Parse with a lossless JSON parser.',
      example: 1000000,
    }),
    updatedAt: isoTime({ description: 'When it was read on chain' }),
  })
  .meta({ id: 'AllowanceResult' });

export type AllowanceResult = z.output<typeof allowanceResultSchema>;
