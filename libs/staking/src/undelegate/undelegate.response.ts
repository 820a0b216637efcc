import { z } from 'zod';
import { exactInteger, safeInteger } from '@chainwire/core';

/** A field Tron's answer has for prepare-sign's keys but always null (Tron has no such number). */
const nullOnTron = (type: 'integer' | 'string', description = 'null on Tron') =>
  z.null().meta({ type, description });

/** prepare-sign's fee fields (POST /api/txs/prepare-sign), restated for this page. */
export const undelegateFeeSchema = z
  .object({
    mode: z.enum(['EIP1559', 'LEGACY']).meta({ example: 'EIP1559' }),
    gasLimit: exactInteger({ description: 'eth_estimateGas + 20 %', example: 90000 }),
    baseFeePerGas: exactInteger({
      description: "EIP1559: the next block's base fee; null on LEGACY",
    }).nullable(),
    maxPriorityFeePerGas: exactInteger({ description: 'EIP1559 only; null on LEGACY' }).nullable(),
    maxFeePerGas: exactInteger({ description: 'EIP1559 only; null on LEGACY' }).nullable(),
    gasPrice: exactInteger({ description: 'LEGACY only; null on EIP1559' }).nullable(),
  })
  .meta({ id: 'UndelegateFeeDto' });

/** The fee of a Tron build: prepare-sign's TRON mode, the EVM numbers null, so both chains have the same keys. */
export const tronUndelegateFeeSchema = z
  .object({
    mode: z.literal('TRON'),
    gasLimit: nullOnTron('integer'),
    baseFeePerGas: nullOnTron('integer'),
    maxPriorityFeePerGas: nullOnTron('integer'),
    maxFeePerGas: nullOnTron('integer'),
    gasPrice: nullOnTron('integer'),
  })
  .meta({ id: 'TronUndelegateFeeDto' });

export const undelegateBuildResultSchema = z
  .object({
    chain: z.string().meta({ example: 'smartchain' }),
    chainId: safeInteger({ description: "The node's EIP-155 chain id, to sign with", example: 56 }),
    from: z.string().meta({ example: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }),
    to: z.string().meta({ description: 'The stake hub' }),
    valueWei: exactInteger({ description: 'Always 0', example: 0 }),
    data: z
      .templateLiteral(['0x', z.string()])
      .meta({ description: 'undelegate(operatorAddress, shares) calldata' }),
    txType: z.literal('UNDELEGATE'),
    validatorId: z.string().meta({ description: 'The operator address undelegated from' }),
    shares: exactInteger({ description: 'Shares the call undelegates' }),
    amountWei: exactInteger({
      description: 'Wei those shares are worth now (getPooledBNBByShares): what the unbond will pay',
    }),
    nonce: safeInteger({ description: "The request's nonce, or the sender's pending nonce", example: 0 }),
    fee: undelegateFeeSchema,
  })
  .meta({ id: 'UndelegateBuildResult' });

/**
 * Tron's answer: prepare-sign's keys (null where Tron has none) and the unsigned transaction tronweb built,
 * ready for tronweb's `trx.sign` and broadcast.
 */
export const tronUndelegateBuildResultSchema = z
  .object({
    chain: z.string().meta({ example: 'tron' }),
    from: z.string().meta({ example: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC' }),
    to: z.string().nullable().meta({
      description: 'UNDELEGATE_RESOURCE: the receiver; UNFREEZE_BALANCE_V2: null (it names no counterparty)',
    }),
    valueWei: exactInteger({
      description: 'Always 0: the transaction sends no TRX (the unfrozen sun is amountWei)',
      example: 0,
    }),
    fee: tronUndelegateFeeSchema,
    chainId: nullOnTron('integer'),
    data: nullOnTron('string', 'null on Tron: a system contract has no calldata'),
    nonce: nullOnTron('integer'),
    txType: z.enum(['UNFREEZE_BALANCE_V2', 'UNDELEGATE_RESOURCE']),
    amountWei: exactInteger({ description: 'Sun unfrozen or taken back, exact' }),
    resource: z.enum(['BANDWIDTH', 'ENERGY']),
    receiver: z.string().nullable().meta({ description: 'UNDELEGATE_RESOURCE: the receiver; else null' }),
    transaction: z
      .object({
        txID: z.string(),
        raw_data: z.record(z.string(), z.unknown()),
        raw_data_hex: z.string(),
        visible: z.boolean(),
      })
      .meta({
        description:
          'java-tron transaction JSON {txID, raw_data, raw_data_hex, visible}: txID = sha256(raw_data_hex); sign txID',
      }),
  })
  .meta({ id: 'TronUndelegateBuildResult' });

/** The answer on either family, distinguished by `fee.mode`. */
export const undelegateAnswerSchema = z.union([undelegateBuildResultSchema, tronUndelegateBuildResultSchema]);

export type UndelegateFeeDto = z.output<typeof undelegateFeeSchema>;
export type TronUndelegateFeeDto = z.output<typeof tronUndelegateFeeSchema>;
export type UndelegateBuildResult = z.output<typeof undelegateBuildResultSchema>;
export type TronUndelegateBuildResult = z.output<typeof tronUndelegateBuildResultSchema>;
