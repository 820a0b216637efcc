import { z } from 'zod';
import { safeInteger } from '@chainwire/core';

/** One active asset of the registry. Fields the registry leaves empty are null. */
export const assetItemSchema = z
  .object({
    id: z
      .string()
      .meta({ description: "'native' or the contract (checksummed on EVM chains)", example: 'native' }),
    name: z.string().meta({ example: 'Tether USD' }),
    symbol: z.string().meta({ example: 'USDT' }),
    type: z
      .string()
      .meta({ description: "The registry's asset type: native, erc20, trc20, …", example: 'erc20' }),
    logo: z.string().nullable().meta({ description: 'Logo image URL; null when the registry has none' }),
    description: z.string().nullable().meta({ description: 'null when the registry has none' }),
    website: z.string().nullable().meta({ example: 'https://tether.to' }),
    explorer: z.string().nullable().meta({ description: "The asset's page on a block explorer" }),
    decimals: safeInteger({ example: 6 }),
    verified: z.boolean().meta({
      description:
        'Listed by the operator (seeded or `cli assets add`): every asset of the registry is. Tokens outside it ' +
        'are never listed here, whatever a balances request named',
      example: true,
    }),
  })
  .meta({ id: 'AssetItem' });

export type AssetItem = z.output<typeof assetItemSchema>;
