import { z } from 'zod';
import { exactDecimal, exactInteger, isoTime, safeInteger } from '@chainwire/core';

export const swapFeesSchema = z
  .object({
    integratorBps: safeInteger({ example: 0, description: 'No integrator fee is charged' }),
    total: exactInteger({
      description: 'integratorAmount + protocolAmount + liquidityFee, in feeAsset units',
    }),
    totalBps: safeInteger({ example: 30 }),
    integratorAmount: exactInteger({ example: 0 }),
    protocolBps: safeInteger({ example: 0, description: "Uniswap V2's protocol fee switch is off" }),
    protocolAmount: exactInteger({ example: 0 }),
    gasBaseFee: exactInteger({ description: 'estimatedGas × the base fee (or gas price), in wei' }),
    outboundFee: exactInteger({ example: 0, description: 'Cross-chain providers only' }),
    liquidityFee: exactInteger({ description: 'What the pools keep (0.3 % per hop), in feeAsset units' }),
    priceImpactBps: safeInteger(),
    feeAsset: z.string().meta({ example: 'native', description: 'The asset the fees are in: srcToken' }),
  })
  .meta({ id: 'SwapFeesDto' });

export const swapTxSchema = z
  .object({
    type: z.literal('EVM'),
    chain: z.string().meta({ example: 'ethereum' }),
    from: z.string(),
    to: z.string().meta({ description: 'The router' }),
    approvalRequired: z
      .boolean()
      .meta({ description: 'An ERC-20 source the router may not take yet: approve first' }),
    chainId: safeInteger({ example: 1 }),
    data: z.string().meta({ description: 'The router call, deadline = expiresAt, output to `from`' }),
    valueWei: exactInteger({ description: 'srcAmount for a native source, else 0' }),
    gasLimit: exactInteger({ description: 'eth_estimateGas + 20 %' }),
    maxPriorityFeePerGas: exactInteger({ description: 'EIP-1559 chains; null on legacy chains' }).nullable(),
    maxFeePerGas: exactInteger({ description: 'EIP-1559 chains; null on legacy chains' }).nullable(),
    gasPrice: exactInteger({ description: 'Legacy chains; null on EIP-1559 chains' }).nullable(),
    nonce: safeInteger({ description: "The sender's pending nonce (+1 when the approval goes first)" }),
    approvalSpender: z.string().nullable().meta({ description: 'null when no approval is needed' }),
    approvalToken: z.string().nullable().meta({ description: 'null when no approval is needed' }),
    approvalAmount: exactInteger({ description: 'null when no approval is needed' }).nullable(),
  })
  .meta({ id: 'SwapTxDto' });

export const swapRouteResultSchema = z
  .object({
    provider: z.string().meta({ example: 'uniswap-v2' }),
    srcChain: z.string(),
    dstChain: z.string(),
    srcToken: z.string(),
    dstToken: z.string(),
    srcAmount: exactInteger(),
    dstAmount: exactInteger(),
    minDstAmount: exactInteger(),
    rawProviderRef: z.string().meta({ description: 'Uniswap V2: the token path, `>`-separated' }),
    expiresAt: isoTime(),
    fees: swapFeesSchema,
    warnings: z.array(z.string()),
    priceImpactBps: safeInteger(),
    estimatedGas: exactInteger({ description: 'Gas units (before the gasLimit margin)' }),
    gasUsd: exactDecimal({
      description:
        'estimatedGas × fee per gas × the native coin’s USD price, an exact decimal literal; null (with a warning) when no price is known',
    }).nullable(),
    estimatedDurationSec: safeInteger(),
    approvalSpender: z.string().nullable().meta({ description: 'null when no approval is needed' }),
    tx: swapTxSchema,
    notes: z.string().meta({ description: 'What to know before sending, as sentences' }),
  })
  .meta({ id: 'SwapRouteResult' });

export type SwapFeesDto = z.output<typeof swapFeesSchema>;
export type SwapTxDto = z.output<typeof swapTxSchema>;
export type SwapRouteResult = z.output<typeof swapRouteResultSchema>;
