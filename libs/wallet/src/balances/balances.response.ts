import { z } from 'zod';
import { exactDecimal, exactInteger, safeInteger } from '@chainwire/core';

/** One asset of a balances answer. Amounts and values are exact number literals on the wire (docs/architecture.md §7). */
export const assetBalanceSchema = z
  .object({
    assetId: z.string().meta({ description: "'native' or the checksummed contract", example: 'native' }),
    type: z.string().meta({ description: "The asset's type: native, erc20, trc20, …", example: 'erc20' }),
    symbol: z.string().meta({ example: 'USDC' }),
    name: z.string().meta({ example: 'USD Coin' }),
    decimals: safeInteger({ example: 6 }),
    smallestUnit: exactInteger({
      description: 'Smallest units, every digit exact',
      example: 1500000000000000000,
    }),
    amount: exactDecimal({
      description: 'Human units as an exact decimal literal (never rounded)',
      example: 1.5,
    }),
    fiatCurrency: z
      .string()
      .meta({ description: "The currency of fiatValue (the request's fiatCurrency)", example: 'USD' }),
    tokenContract: z
      .string()
      .nullable()
      .meta({ description: 'Checksummed contract; null for the native asset (it has no contract)' }),
    contract: z
      .string()
      .nullable()
      .meta({ description: 'Same as tokenContract (kept for older clients); null for the native asset' }),
    fiatValue: exactDecimal({
      description:
        'amount × the price in fiatCurrency, an exact decimal literal (every digit of the product); null when ' +
        'no price is known (the envelope message names the asset)',
      example: 4500.18,
    }).nullable(),
    verified: z.boolean().meta({
      description:
        'Listed in the asset registry by the operator. false: a contract outside the registry, identified on ' +
        'chain for this answer (symbol, name and decimals as the contract gives them), never priced',
      example: true,
    }),
  })
  .meta({ id: 'AssetBalance' });

export const balancesResultSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    address: z
      .string()
      .meta({ description: 'Checksummed', example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
    fiatCurrency: z.string().meta({ example: 'USD' }),
    totalFiatValue: exactDecimal({
      description: "Sum of the assets' fiatValue (those with a price), exact",
      example: 4500.18,
    }),
    assets: z.array(assetBalanceSchema),
  })
  .meta({ id: 'BalancesResult' });

export type AssetBalance = z.output<typeof assetBalanceSchema>;
export type BalancesResult = z.output<typeof balancesResultSchema>;
