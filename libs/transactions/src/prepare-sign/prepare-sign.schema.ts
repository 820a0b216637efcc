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
  chain: z
    .string()
    .trim()
    .min(1)
    .meta({ description: 'Registry chain id (an EVM chain, `solana` or `tron`)', example: 'ethereum' }),
  from: z.string().trim().min(1).meta({
    description: 'The signer: 0x… (EVM), base58 (Solana), T… base58 or 41… hex (Tron)',
    example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  }),
  to: z.string().trim().min(1).meta({
    description: 'The recipient (for a token: the wallet, not its token account)',
    example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  }),
  txType: z.string().trim().min(1).meta({
    description: 'TRANSFER_NATIVE or TRANSFER_TOKEN (any case); another value is 400 UNSUPPORTED_TX_TYPE',
    example: 'TRANSFER_NATIVE',
  }),
  amount: optional(decimalInput()).meta({
    description:
      'Human units; decimals from the chain (native) or the asset registry (token). Exclusive with amountWei',
    example: 1.5,
  }),
  amountWei: optional(bigIntInput()).meta({
    description: 'Smallest units, exact. Exclusive with amount',
    example: 1000000000000000000,
  }),
  tokenContract: optional(z.string().trim().min(1)).meta({
    description: 'Required for TRANSFER_TOKEN: the ERC-20 / TRC-20 contract, or the SPL mint (Solana)',
  }),
  symbol: optional(z.string().trim().min(1)).meta({
    description: "Checked against the registered token's symbol; never identifies a token by itself",
  }),
  nonce: optional(safeIntegerInput()).meta({ description: "EVM only. Default: the sender's pending nonce" }),
  maxPriorityFeePerGasWei: optional(bigIntInput()).meta({
    description: 'Replaces the standard tip (EIP1559 chains only)',
  }),
  priorityFeeMultiplier: optional(decimalInput()).meta({
    description:
      'Scales the tip (EIP1559), the gas price (LEGACY) or the compute-unit price (Solana); not on Tron. In (0, 10]',
    example: 1.25,
  }),
});

export type PrepareSignRequest = z.output<typeof prepareSignSchema>;

export const TX_TYPES = ['TRANSFER_NATIVE', 'TRANSFER_TOKEN'] as const;
export type TxType = (typeof TX_TYPES)[number];
