import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { FeeMode } from '../fees/fee-mode';
import type { TxType } from './prepare-sign.schema';
import { EnvelopeOf } from '@chainwire/core';

const WEI = { type: 'integer', nullable: true } as const;

/** The request body, for the OpenAPI page (validation is the zod schema). */
export class PrepareSignRequestDto {
  @ApiProperty({ example: 'ethereum', description: 'Registry chain id' })
  chain!: string;

  @ApiProperty({ example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', description: 'The signer' })
  from!: string;

  @ApiProperty({ example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', description: 'The recipient' })
  to!: string;

  @ApiProperty({ enum: ['TRANSFER_NATIVE', 'TRANSFER_TOKEN'], example: 'TRANSFER_NATIVE' })
  txType!: TxType;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'Smallest units, exact (number literal or decimal string). Exclusive with amount.',
    example: 1000000000000000000,
  })
  amountWei?: bigint;

  @ApiPropertyOptional({
    description:
      'Human decimal string; decimals from the chain (native) or the asset registry (token). Exclusive with amountWei.',
    example: '1.5',
  })
  amount?: string;

  @ApiPropertyOptional({ description: 'Required for TRANSFER_TOKEN', example: null })
  tokenContract?: string;

  @ApiPropertyOptional({
    description: "Checked against the registered token's symbol; never identifies a token by itself",
  })
  symbol?: string;

  @ApiPropertyOptional({ type: 'integer', description: "Default: the sender's pending nonce" })
  nonce?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'Replaces the standard tip (EIP1559 chains only)' })
  maxPriorityFeePerGasWei?: bigint;

  @ApiPropertyOptional({
    type: 'string',
    description: 'Scales the tip (EIP1559) or the gas price (LEGACY); a decimal in (0, 10]',
    example: '1.25',
  })
  priorityFeeMultiplier?: string;
}

export class TxFeeDto {
  @ApiProperty({ enum: ['EIP1559', 'LEGACY'], example: 'EIP1559' })
  mode!: FeeMode;

  @ApiProperty({ type: 'integer', description: 'eth_estimateGas + 20 % (21000 stays 21000)', example: 21000 })
  gasLimit!: bigint;

  @ApiProperty({ ...WEI, description: "EIP1559: the next block's base fee", example: 15000000000 })
  baseFeePerGas!: bigint | null;

  @ApiProperty({ ...WEI, description: 'EIP1559 only', example: 1500000000 })
  maxPriorityFeePerGas!: bigint | null;

  @ApiProperty({ ...WEI, description: 'EIP1559 only', example: 31500000000 })
  maxFeePerGas!: bigint | null;

  @ApiProperty({ ...WEI, description: 'LEGACY only', example: null })
  gasPrice!: bigint | null;
}

export class PrepareSignResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ description: "The node's EIP-155 chain id, to sign with", example: 1 })
  chainId!: number;

  @ApiProperty({ example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
  from!: string;

  @ApiProperty({ description: 'The recipient (native) or the token contract (token)' })
  to!: string;

  @ApiProperty({
    type: 'integer',
    description: 'Exact; 0 for a token transfer',
    example: 1000000000000000000,
  })
  valueWei!: bigint;

  @ApiProperty({ type: String, nullable: true, description: 'ERC-20 transfer calldata; null for native' })
  data!: `0x${string}` | null;

  @ApiProperty({ enum: ['TRANSFER_NATIVE', 'TRANSFER_TOKEN'] })
  txType!: TxType;

  @ApiProperty({ type: String, nullable: true })
  tokenContract!: string | null;

  @ApiProperty({ example: 0 })
  nonce!: number;

  @ApiProperty({ type: TxFeeDto })
  fee!: TxFeeDto;
}

export const PrepareSignEnvelope = EnvelopeOf(PrepareSignResult);
