import { z } from 'zod';
import { exactInteger, isoTime } from '@chainwire/core';

export const tronResourcesResultSchema = z
  .object({
    chain: z.string().meta({ example: 'tron' }),
    address: z.string().meta({
      description: 'Base58 (a hex `41…` address in the path is answered in base58)',
      example: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    }),
    energyUsed: exactInteger({
      description: 'Energy used in the current 24 h window (EnergyUsed; 0 when absent)',
      example: 0,
    }),
    energyLimit: exactInteger({
      description: 'Energy from staked TRX (EnergyLimit; 0 when absent)',
      example: 0,
    }),
    bandwidthUsed: exactInteger({
      description:
        'Bandwidth used: the free allowance used (freeNetUsed) plus staked bandwidth used (NetUsed), each 0 when absent',
      example: 268,
    }),
    bandwidthLimit: exactInteger({
      description:
        'Bandwidth available per 24 h: the free allowance (freeNetLimit) plus staked bandwidth (NetLimit)',
      example: 600,
    }),
    updatedAt: isoTime({ description: 'When the node was read' }),
  })
  .meta({ id: 'TronResourcesResult' });

export type TronResourcesResult = z.output<typeof tronResourcesResultSchema>;
