import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

const WEI = { type: 'integer', nullable: true } as const;

/** prepare-sign's fee fields (POST /api/txs/prepare-sign), restated for this page. */
export class UndelegateFeeDto {
  @ApiProperty({ enum: ['EIP1559', 'LEGACY'], example: 'EIP1559' })
  mode!: 'EIP1559' | 'LEGACY';

  @ApiProperty({ type: 'integer', description: 'eth_estimateGas + 20 %', example: 90000 })
  gasLimit!: bigint;

  @ApiProperty({ ...WEI, description: "EIP1559: the next block's base fee" })
  baseFeePerGas!: bigint | null;

  @ApiProperty({ ...WEI, description: 'EIP1559 only' })
  maxPriorityFeePerGas!: bigint | null;

  @ApiProperty({ ...WEI, description: 'EIP1559 only' })
  maxFeePerGas!: bigint | null;

  @ApiProperty({ ...WEI, description: 'LEGACY only' })
  gasPrice!: bigint | null;
}

/** The fee of a Tron build: prepare-sign's TRON mode, the EVM numbers null, so both chains have the same keys. */
export class TronUndelegateFeeDto {
  @ApiProperty({ enum: ['TRON'], example: 'TRON' })
  mode!: 'TRON';

  @ApiProperty({ ...WEI, description: 'null on Tron', example: null })
  gasLimit!: null;

  @ApiProperty({ ...WEI, description: 'null on Tron', example: null })
  baseFeePerGas!: null;

  @ApiProperty({ ...WEI, description: 'null on Tron', example: null })
  maxPriorityFeePerGas!: null;

  @ApiProperty({ ...WEI, description: 'null on Tron', example: null })
  maxFeePerGas!: null;

  @ApiProperty({ ...WEI, description: 'null on Tron', example: null })
  gasPrice!: null;
}

/** The request body, for the OpenAPI page (validation is the zod schema). */
export class UndelegateRequestDto {
  @ApiProperty({ example: 'smartchain', description: 'Registry chain id' })
  chain!: string;

  @ApiProperty({
    example: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    description: 'The delegator, who signs',
  })
  from!: string;

  @ApiProperty({
    example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    description: 'EVM: the operator address',
  })
  validatorId!: string;

  @ApiPropertyOptional({
    type: 'integer',
    description:
      'Wei to undelegate, exact; converted to shares at the pool rate (getSharesByPooledBNB, rounded down)',
  })
  amountWei?: bigint;

  @ApiPropertyOptional({ type: 'integer', description: 'Shares to undelegate, exact' })
  shares?: bigint;

  @ApiPropertyOptional({ description: 'true: every share held (EVM), all frozen or delegated sun (Tron)' })
  all?: boolean;

  @ApiPropertyOptional({ enum: ['BANDWIDTH', 'ENERGY'], description: 'Tron only; default BANDWIDTH' })
  resource?: 'BANDWIDTH' | 'ENERGY';

  @ApiPropertyOptional({
    description: 'Tron only: build UnDelegateResource for resource delegated to this address',
  })
  receiver?: string;

  @ApiPropertyOptional({
    type: 'integer',
    description: "EVM only, as on prepare-sign: the nonce to sign with. Default: the sender's pending nonce",
  })
  nonce?: number;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'EVM only, as on prepare-sign: replaces the standard tip (EIP1559 chains only)',
  })
  maxPriorityFeePerGasWei?: bigint;

  @ApiPropertyOptional({
    type: 'string',
    description:
      'EVM only, as on prepare-sign: scales the standard tip (EIP1559) or gas price (LEGACY). A decimal in (0, 10], ' +
      'at most 6 fractional digits; exclusive with maxPriorityFeePerGasWei',
    example: '1.25',
  })
  priorityFeeMultiplier?: string;
}

export class UndelegateBuildResult {
  @ApiProperty({ example: 'smartchain' })
  chain!: string;

  @ApiProperty({ description: "The node's EIP-155 chain id, to sign with", example: 56 })
  chainId!: number;

  @ApiProperty({ example: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' })
  from!: string;

  @ApiProperty({ description: 'The stake hub' })
  to!: string;

  @ApiProperty({ type: 'integer', description: 'Always 0', example: 0 })
  valueWei!: bigint;

  @ApiProperty({ type: String, description: 'undelegate(operatorAddress, shares) calldata' })
  data!: `0x${string}`;

  @ApiProperty({ enum: ['UNDELEGATE'] })
  txType!: 'UNDELEGATE';

  @ApiProperty({ description: 'The operator address undelegated from' })
  validatorId!: string;

  @ApiProperty({ type: 'integer', description: 'Shares the call undelegates' })
  shares!: bigint;

  @ApiProperty({
    type: 'integer',
    description: 'Wei those shares are worth now (getPooledBNBByShares): what the unbond will pay',
  })
  amountWei!: bigint;

  @ApiProperty({
    type: 'integer',
    description: "The request's nonce, or the sender's pending nonce",
    example: 0,
  })
  nonce!: number;

  @ApiProperty({ type: UndelegateFeeDto })
  fee!: UndelegateFeeDto;
}

export const UndelegateBuildEnvelope = EnvelopeOf(UndelegateBuildResult);

/**
 * Tron's answer: prepare-sign's keys (null where Tron has none) and the unsigned transaction tronweb built,
 * ready for tronweb's `trx.sign` and broadcast.
 */
export class TronUndelegateBuildResult {
  @ApiProperty({ example: 'tron' })
  chain!: string;

  @ApiProperty({ example: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC' })
  from!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'UNDELEGATE_RESOURCE: the receiver; UNFREEZE_BALANCE_V2: null (it names no counterparty)',
  })
  to!: string | null;

  @ApiProperty({
    type: 'integer',
    description: 'Always 0: the transaction sends no TRX (the unfrozen sun is amountWei)',
    example: 0,
  })
  valueWei!: bigint;

  @ApiProperty({ type: TronUndelegateFeeDto })
  fee!: TronUndelegateFeeDto;

  @ApiProperty({ type: 'integer', nullable: true, description: 'null on Tron', example: null })
  chainId!: null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'null on Tron: a system contract has no calldata',
    example: null,
  })
  data!: null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'null on Tron', example: null })
  nonce!: null;

  @ApiProperty({ enum: ['UNFREEZE_BALANCE_V2', 'UNDELEGATE_RESOURCE'] })
  txType!: 'UNFREEZE_BALANCE_V2' | 'UNDELEGATE_RESOURCE';

  @ApiProperty({ type: 'integer', description: 'Sun unfrozen or taken back, exact' })
  amountWei!: bigint;

  @ApiProperty({ enum: ['BANDWIDTH', 'ENERGY'] })
  resource!: 'BANDWIDTH' | 'ENERGY';

  @ApiProperty({ type: String, nullable: true, description: 'UNDELEGATE_RESOURCE: the receiver' })
  receiver!: string | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'java-tron transaction JSON {txID, raw_data, raw_data_hex, visible}: txID = sha256(raw_data_hex); sign txID',
  })
  transaction!: { txID: string; raw_data: Record<string, unknown>; raw_data_hex: string; visible: boolean };
}

export const TronUndelegateBuildEnvelope = EnvelopeOf(TronUndelegateBuildResult);
