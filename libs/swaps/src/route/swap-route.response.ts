import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

const INT = { type: 'integer' } as const;
const NULLABLE_INT = { type: 'integer', nullable: true } as const;
const NULLABLE_TEXT = { type: 'string', nullable: true } as const;

export class RouteRequestDto {
  @ApiProperty({ format: 'uuid', description: 'From POST /api/swaps/quote' })
  quoteId!: string;
}

export class SwapFeesDto {
  @ApiProperty({ ...INT, example: 0, description: 'No integrator fee is charged' })
  integratorBps!: number;

  @ApiProperty({ ...INT, description: 'integratorAmount + protocolAmount + liquidityFee, in feeAsset units' })
  total!: bigint;

  @ApiProperty({ ...INT, example: 30 })
  totalBps!: number;

  @ApiProperty({ ...INT, example: 0 })
  integratorAmount!: bigint;

  @ApiProperty({ ...INT, example: 0, description: "Uniswap V2's protocol fee switch is off" })
  protocolBps!: number;

  @ApiProperty({ ...INT, example: 0 })
  protocolAmount!: bigint;

  @ApiProperty({ ...INT, description: 'estimatedGas × the base fee (or gas price), in wei' })
  gasBaseFee!: bigint;

  @ApiProperty({ ...INT, example: 0, description: 'Cross-chain providers only' })
  outboundFee!: bigint;

  @ApiProperty({ ...INT, description: 'What the pools keep (0.3 % per hop), in feeAsset units' })
  liquidityFee!: bigint;

  @ApiProperty({ ...INT })
  priceImpactBps!: number;

  @ApiProperty({ example: 'native', description: 'The asset the fees are in: srcToken' })
  feeAsset!: string;
}

export class SwapTxDto {
  @ApiProperty({ enum: ['EVM'] })
  type!: 'EVM';

  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty()
  from!: string;

  @ApiProperty({ description: 'The router' })
  to!: string;

  @ApiProperty({ description: 'An ERC-20 source the router may not take yet: approve first' })
  approvalRequired!: boolean;

  @ApiProperty({ ...INT, example: 1 })
  chainId!: number;

  @ApiProperty({ description: 'The router call, deadline = expiresAt, output to `from`' })
  data!: string;

  @ApiProperty({ ...INT, description: 'srcAmount for a native source, else 0' })
  valueWei!: bigint;

  @ApiProperty({ ...INT, description: 'eth_estimateGas + 20 %' })
  gasLimit!: bigint;

  @ApiProperty({ ...NULLABLE_INT, description: 'EIP-1559 chains' })
  maxPriorityFeePerGas!: bigint | null;

  @ApiProperty({ ...NULLABLE_INT, description: 'EIP-1559 chains' })
  maxFeePerGas!: bigint | null;

  @ApiProperty({ ...NULLABLE_INT, description: 'Legacy chains' })
  gasPrice!: bigint | null;

  @ApiProperty({ ...INT, description: "The sender's pending nonce (+1 when the approval goes first)" })
  nonce!: number;

  @ApiProperty(NULLABLE_TEXT)
  approvalSpender!: string | null;

  @ApiProperty(NULLABLE_TEXT)
  approvalToken!: string | null;

  @ApiProperty(NULLABLE_INT)
  approvalAmount!: bigint | null;
}

export class SwapRouteResult {
  @ApiProperty({ example: 'uniswap-v2' })
  provider!: string;
  @ApiProperty()
  srcChain!: string;
  @ApiProperty()
  dstChain!: string;
  @ApiProperty()
  srcToken!: string;
  @ApiProperty()
  dstToken!: string;
  @ApiProperty(INT)
  srcAmount!: bigint;
  @ApiProperty(INT)
  dstAmount!: bigint;
  @ApiProperty(INT)
  minDstAmount!: bigint;
  @ApiProperty({ description: 'Uniswap V2: the token path, `>`-separated' })
  rawProviderRef!: string;
  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
  @ApiProperty({ type: SwapFeesDto })
  fees!: SwapFeesDto;
  @ApiProperty({ type: [String] })
  warnings!: string[];
  @ApiProperty(INT)
  priceImpactBps!: number;
  @ApiProperty({ ...INT, description: 'Gas units (before the gasLimit margin)' })
  estimatedGas!: bigint;
  @ApiProperty({
    ...NULLABLE_TEXT,
    description: 'Exact decimal: estimatedGas × fee per gas × the native coin’s USD price',
  })
  gasUsd!: string | null;
  @ApiProperty(INT)
  estimatedDurationSec!: number;
  @ApiProperty(NULLABLE_TEXT)
  approvalSpender!: string | null;
  @ApiProperty({ type: SwapTxDto })
  tx!: SwapTxDto;
  @ApiProperty({ type: [String] })
  notes!: string[];
}

export class SwapRouteEnvelope extends EnvelopeOf(SwapRouteResult) {}
