import { z } from 'zod';
import { exactInteger, safeInteger } from '@chainwire/core';

/** The fee modes GET /api/fees answers: the EVM two, and one per other family. */
export const FEES_MODES = ['EIP1559', 'LEGACY', 'SOLANA', 'TRON'] as const;
export type FeesMode = (typeof FEES_MODES)[number];

/** One price point; the fields of the other modes are null. Exact number literals. */
export const feePriceSchema = z
  .object({
    maxPriorityFeePerGas: exactInteger({
      description: 'EIP1559 only, wei per gas',
      example: 1500000000,
    }).nullable(),
    maxFeePerGas: exactInteger({
      description: 'EIP1559 only, wei per gas: 2 × next base fee + tip',
      example: 31500000000,
    }).nullable(),
    gasPrice: exactInteger({ description: 'LEGACY only, wei per gas' }).nullable(),
    computeUnitPrice: exactInteger({
      description: 'SOLANA only: compute-unit price in micro-lamports per compute unit',
    }).nullable(),
  })
  .meta({ id: 'FeePriceDto' });

export const solanaFeesSchema = z
  .object({
    lamportsPerSignature: exactInteger({
      description: "Base fee per signature, lamports (the node's getFeeForMessage)",
      example: 5000,
    }),
    slots: safeInteger({ description: 'Recent slots the compute-unit prices were taken over', example: 150 }),
  })
  .meta({ id: 'SolanaFeesDto' });

export const tronFeesSchema = z
  .object({
    energyPrice: exactInteger({
      description: 'Sun per energy unit beyond staked energy (getEnergyFee)',
      example: 210,
    }),
    bandwidthPrice: exactInteger({
      description: 'Sun per bandwidth byte beyond free and staked bandwidth (getTransactionFee)',
      example: 1000,
    }),
  })
  .meta({ id: 'TronFeesDto' });

export const feesResultSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    chainId: safeInteger({ description: "The node's EIP-155 chain id; null off EVM", example: 1 }).nullable(),
    mode: z.enum(FEES_MODES).meta({ example: 'EIP1559' }),
    baseFeePerGas: exactInteger({
      description: "The next block's base fee; null for LEGACY and off EVM",
      example: 15000000000,
    }).nullable(),
    slow: feePriceSchema.nullable().meta({
      description:
        '10th percentile tip (LEGACY: the node gas price; SOLANA: 50th percentile price); null on TRON',
    }),
    standard: feePriceSchema.nullable().meta({
      description:
        "Median tip (LEGACY: 110 % of the node gas price; SOLANA: 75th percentile, prepare-sign's price); null on TRON",
    }),
    fast: feePriceSchema.nullable().meta({
      description:
        '90th percentile tip (LEGACY: 125 % of the node gas price; SOLANA: 90th percentile); null on TRON',
    }),
    solana: solanaFeesSchema.nullable().meta({ description: 'SOLANA only' }),
    tron: tronFeesSchema.nullable().meta({ description: 'TRON only: Tron has no tip, so no levels' }),
  })
  .meta({ id: 'FeesResult' });

export type FeePriceDto = z.output<typeof feePriceSchema>;
export type SolanaFeesDto = z.output<typeof solanaFeesSchema>;
export type TronFeesDto = z.output<typeof tronFeesSchema>;
export type FeesResult = z.output<typeof feesResultSchema>;
