import { z } from 'zod';
import { bigIntInput, decimalInput, safeIntegerInput } from '@chainwire/core';

/** Absent and null mean the same for optional fields (clients often send every key). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional());

/**
 * Body of POST /api/txs/prepare-sign: shapes only. The cross-field rules (txType, amount vs
 * amountWei, tokenContract, ranges) are checked by the handler, each with its own error code.
 */
export const prepareSignSchema = z.object({
  chain: z.string().trim().min(1),
  from: z.string().trim().min(1),
  to: z.string().trim().min(1),
  txType: z.string().trim().min(1),
  amount: optional(decimalInput()),
  amountWei: optional(bigIntInput()),
  tokenContract: optional(z.string().trim().min(1)),
  symbol: optional(z.string().trim().min(1)),
  nonce: optional(safeIntegerInput()),
  maxPriorityFeePerGasWei: optional(bigIntInput()),
  priorityFeeMultiplier: optional(decimalInput()),
});

export type PrepareSignRequest = z.output<typeof prepareSignSchema>;

export const TX_TYPES = ['TRANSFER_NATIVE', 'TRANSFER_TOKEN'] as const;
export type TxType = (typeof TX_TYPES)[number];
