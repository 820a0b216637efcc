import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import type { FeeMode } from '../fees/fee-mode';
import type { TxType } from './prepare-sign.schema';
import { EnvelopeOf } from '@chainwire/core';

const WEI = { type: 'integer', nullable: true } as const;

/** The request body, for the OpenAPI page (validation is the zod schema). */
export class PrepareSignRequestDto {
  @ApiProperty({ example: 'ethereum', description: 'Registry chain id (an EVM chain, `solana` or `tron`)' })
  chain!: string;

  @ApiProperty({
    example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    description: 'The signer: 0x… (EVM), base58 (Solana), T… base58 or 41… hex (Tron)',
  })
  from!: string;

  @ApiProperty({
    example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    description: 'The recipient (for a token: the wallet, not its token account)',
  })
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

  @ApiPropertyOptional({
    description: 'Required for TRANSFER_TOKEN: the ERC-20 / TRC-20 contract, or the SPL mint (Solana)',
    example: null,
  })
  tokenContract?: string;

  @ApiPropertyOptional({
    description: "Checked against the registered token's symbol; never identifies a token by itself",
  })
  symbol?: string;

  @ApiPropertyOptional({ type: 'integer', description: "EVM only. Default: the sender's pending nonce" })
  nonce?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'Replaces the standard tip (EIP1559 chains only)' })
  maxPriorityFeePerGasWei?: bigint;

  @ApiPropertyOptional({
    type: 'string',
    description:
      'Scales the tip (EIP1559), the gas price (LEGACY) or the compute-unit price (Solana); not on Tron. A decimal in (0, 10]',
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

/**
 * Solana's fee and signing details (docs/architecture.md §16). Short keys as the interface names them; lamports
 * are exact integers.
 */
export class SolanaFeeDetailsDto {
  @ApiProperty({
    description: 'bh: the recent blockhash (base58) the message is built on',
    example: 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky',
  })
  bh!: string;

  @ApiProperty({
    type: 'integer',
    description:
      'lvbh: last valid block height: after it the cluster refuses the message (its blockhash expired)',
    example: 150,
  })
  lvbh!: bigint;

  @ApiProperty({ type: 'integer', description: 'ns: number of signatures the message requires', example: 1 })
  ns!: number;

  @ApiProperty({
    type: 'integer',
    description:
      'bf: base fee in lamports = lamports per signature × ns (getFeeForMessage without a priority price)',
    example: 5000,
  })
  bf!: bigint;

  @ApiProperty({
    type: 'integer',
    description:
      'cu: compute-unit limit set in the message: simulateTransaction unitsConsumed + 20 %, at most 1 400 000',
    example: 540,
  })
  cu!: bigint;

  @ApiProperty({
    type: 'integer',
    description:
      'cup: compute-unit price in micro-lamports: the 75th percentile of getRecentPrioritizationFees for the ' +
      "message's writable accounts (scaled by priorityFeeMultiplier when given)",
    example: 3000,
  })
  cup!: bigint;

  @ApiProperty({
    type: 'integer',
    description: 'pf: priority fee in lamports = ceil(cu × cup / 10^6)',
    example: 2,
  })
  pf!: bigint;

  @ApiProperty({
    type: 'integer',
    description:
      "tf: total fee in lamports = bf + pf (what the fee payer is charged; an associated token account's rent is not a fee)",
    example: 5002,
  })
  tf!: bigint;

  @ApiProperty({
    description:
      'msg: the compiled legacy message, base64: ComputeBudget setComputeUnitLimit(cu) and setComputeUnitPrice(cup) first, ' +
      'then the transfer (for a token: the recipient associated token account creation when missing, then transferChecked). ' +
      'Sign these bytes (ed25519) with every key of `signers`',
  })
  msg!: string;

  @ApiProperty({
    type: [String],
    description:
      'signers: the addresses whose signatures the message needs, in order (the first pays the fee)',
  })
  signers!: string[];
}

export class SolanaTxFeeDto {
  @ApiProperty({ enum: ['SOLANA'], example: 'SOLANA' })
  mode!: 'SOLANA';

  @ApiProperty({ type: SolanaFeeDetailsDto })
  sol!: SolanaFeeDetailsDto;
}

/** The Tron block a transaction references (its TAPOS: ref_block_bytes and ref_block_hash come from it). */
export class TronReferenceBlockDto {
  @ApiProperty({ description: 'h: block hash (blockID, 64 hex digits, no 0x)' })
  h!: string;

  @ApiProperty({ type: 'integer', description: 'n: block number', example: 70000000 })
  n!: bigint;

  @ApiProperty({
    type: 'integer',
    description: 't: block timestamp, ms since the epoch',
    example: 1735000000000,
  })
  t!: bigint;

  @ApiProperty({ description: 'p: parent block hash (64 hex digits)' })
  p!: string;

  @ApiProperty({ description: 'r: transactions trie root (txTrieRoot, 64 hex digits)' })
  r!: string;

  @ApiProperty({ description: 'w: witness address, the block producer (base58 T…)' })
  w!: string;

  @ApiProperty({ type: 'integer', description: 'v: block version', example: 31 })
  v!: number;
}

export class TronTxFeeDto {
  @ApiProperty({ enum: ['TRON'], example: 'TRON' })
  mode!: 'TRON';

  @ApiProperty({
    type: TronReferenceBlockDto,
    description:
      'rp: reference block header: ref_block_bytes = bytes 6..8 of n (last 4 hex digits), ref_block_hash = hex digits ' +
      '16..32 of h, timestamp t, expiration t + 60 s (what tronweb derives from a blockHeader)',
  })
  rp!: TronReferenceBlockDto;

  @ApiProperty({
    type: 'integer',
    description:
      "el: fee limit in sun for a TRC-20 call: triggerconstantcontract's energy_used × getEnergyFee + 20 %; 0 for TRX transfers",
    example: 17_000_000,
  })
  el!: bigint;
}

export class PrepareSignResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "The node's EIP-155 chain id, to sign with; null on Solana and Tron",
    example: 1,
  })
  chainId!: number | null;

  @ApiProperty({ example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
  from!: string;

  @ApiProperty({
    description:
      'The recipient (native) or the token contract (ERC-20, TRC-20); on Solana always the recipient wallet',
  })
  to!: string;

  @ApiProperty({
    type: 'integer',
    description: 'Exact native amount (wei, lamports, sun); 0 for a token transfer',
    example: 1000000000000000000,
  })
  valueWei!: bigint;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "ERC-20 transfer calldata (0x…); TRC-20 transfer calldata (hex, no 0x, java-tron's form); null for native and on Solana",
  })
  data!: string | null;

  @ApiProperty({ enum: ['TRANSFER_NATIVE', 'TRANSFER_TOKEN'] })
  txType!: TxType;

  @ApiProperty({ type: String, nullable: true, description: 'The token contract, or the SPL mint on Solana' })
  tokenContract!: string | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'EVM nonce; null on Solana and Tron',
    example: 0,
  })
  nonce!: number | null;

  @ApiProperty({
    description: 'By `mode`: EIP1559 / LEGACY (EVM), SOLANA (`sol`), TRON (`rp`, `el`)',
    oneOf: [
      { $ref: getSchemaPath(TxFeeDto) },
      { $ref: getSchemaPath(SolanaTxFeeDto) },
      { $ref: getSchemaPath(TronTxFeeDto) },
    ],
  })
  fee!: TxFeeDto | SolanaTxFeeDto | TronTxFeeDto;
}

/** The answer on each family, for the handlers. */
export type EvmPrepared = Omit<PrepareSignResult, 'fee' | 'chainId' | 'nonce'> & {
  chainId: number;
  nonce: number;
  fee: TxFeeDto;
};
export type SolanaPrepared = Omit<PrepareSignResult, 'fee'> & {
  chainId: null;
  nonce: null;
  fee: SolanaTxFeeDto;
};
export type TronPrepared = Omit<PrepareSignResult, 'fee'> & { chainId: null; nonce: null; fee: TronTxFeeDto };

export const PrepareSignEnvelope = EnvelopeOf(PrepareSignResult);
