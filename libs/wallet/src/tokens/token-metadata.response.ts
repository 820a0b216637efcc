import { z } from 'zod';
import { isoTime, safeInteger } from '@chainwire/core';

export const tokenMetadataResultSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    contract: z
      .string()
      .meta({ description: 'Checksummed', example: '0x6B175474E89094C44Da98b954EedeAC495271d0F' }),
    verified: z
      .boolean()
      .meta({ description: 'Listed and active in the asset registry (not only identified on chain)' }),
    updatedAt: isoTime({ description: 'When name, symbol and decimals were read on chain; kept once read' }),
    name: z.string().meta({
      description: "The token's name(); a bytes32 answer is decoded as text",
      example: 'Dai Stablecoin',
    }),
    symbol: z.string().meta({ example: 'DAI' }),
    decimals: safeInteger({ example: 18 }),
  })
  .meta({ id: 'TokenMetadataResult' });

export type TokenMetadataResult = z.output<typeof tokenMetadataResultSchema>;
