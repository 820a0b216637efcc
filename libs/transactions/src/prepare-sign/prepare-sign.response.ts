import { z } from 'zod';
import { exactInteger, safeInteger } from '@chainwire/core';
import { TX_TYPES } from './prepare-sign.schema';

/** The EVM fee: EIP1559 or LEGACY, the other mode's numbers null. */
export const txFeeSchema = z
  .object({
    mode: z.enum(['EIP1559', 'LEGACY']).meta({ example: 'EIP1559' }),
    gasLimit: exactInteger({ description: 'eth_estimateGas + 20 % (21000 stays 21000)', example: 21000 }),
    baseFeePerGas: exactInteger({
      description: "EIP1559: the next block's base fee; null on LEGACY",
      example: 15000000000,
    }).nullable(),
    maxPriorityFeePerGas: exactInteger({
      description: 'EIP1559 only; null on LEGACY',
      example: 1500000000,
    }).nullable(),
    maxFeePerGas: exactInteger({
      description: 'EIP1559 only; null on LEGACY',
      example: 31500000000,
    }).nullable(),
    gasPrice: exactInteger({ description: 'LEGACY only; null on EIP1559' }).nullable(),
  })
  .meta({ id: 'TxFeeDto' });

/**
 * Solana's fee and signing details (docs/architecture.md §16). Short keys as the interface names them; lamports
 * are exact integers.
 */
export const solanaFeeDetailsSchema = z
  .object({
    bh: z.string().meta({
      description: 'bh: the recent blockhash (base58) the message is built on',
      example: 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky',
    }),
    lvbh: exactInteger({
      description:
        'lvbh: last valid block height: after it the cluster refuses the message (its blockhash expired)',
      example: 150,
    }),
    ns: safeInteger({ description: 'ns: number of signatures the message requires', example: 1 }),
    bf: exactInteger({
      description:
        'bf: base fee in lamports = lamports per signature × ns (getFeeForMessage without a priority price)',
      example: 5000,
    }),
    cu: exactInteger({
      description:
        'cu: compute-unit limit set in the message: simulateTransaction unitsConsumed + 20 %, at most 1 400 000',
      example: 540,
    }),
    cup: exactInteger({
      description:
        'cup: compute-unit price in micro-lamports: the 75th percentile of getRecentPrioritizationFees for the ' +
        "message's writable accounts (scaled by priorityFeeMultiplier when given)",
      example: 3000,
    }),
    pf: exactInteger({ description: 'pf: priority fee in lamports = ceil(cu × cup / 10^6)', example: 2 }),
    tf: exactInteger({
      description:
        "tf: total fee in lamports = bf + pf (what the fee payer is charged; an associated token account's rent is not a fee)",
      example: 5002,
    }),
    msg: z.string().meta({
      description:
        'msg: the compiled legacy message, base64: ComputeBudget setComputeUnitLimit(cu) and setComputeUnitPrice(cup) first, ' +
        'then the transfer (for a token: the recipient associated token account creation when missing, then transferChecked). ' +
        'Sign these bytes (ed25519) with every key of `signers`',
    }),
    signers: z.array(z.string()).meta({
      description:
        'signers: the addresses whose signatures the message needs, in order (the first pays the fee)',
    }),
  })
  .meta({ id: 'SolanaFeeDetailsDto' });

export const solanaTxFeeSchema = z
  .object({
    mode: z.literal('SOLANA').meta({
      description:
        "An extension: the interface's fee.mode values are EIP1559, LEGACY and TRON; Solana answers SOLANA, with `sol`",
    }),
    sol: solanaFeeDetailsSchema,
  })
  .meta({
    id: 'SolanaTxFeeDto',
    description: 'Solana (an extension of the interface): the fee and the message to sign',
  });

/** The Tron block a transaction references (its TAPOS: ref_block_bytes and ref_block_hash come from it). */
export const tronReferenceBlockSchema = z
  .object({
    h: z.string().meta({ description: 'h: block hash (blockID, 64 hex digits, no 0x)' }),
    n: exactInteger({ description: 'n: block number', example: 70000000 }),
    t: exactInteger({ description: 't: block timestamp, ms since the epoch', example: 1735000000000 }),
    p: z.string().meta({ description: 'p: parent block hash (64 hex digits)' }),
    r: z.string().meta({ description: 'r: transactions trie root (txTrieRoot, 64 hex digits)' }),
    w: z.string().meta({ description: 'w: witness address, the block producer (base58 T…)' }),
    v: safeInteger({ description: 'v: block version', example: 31 }),
  })
  .meta({
    id: 'TronReferenceBlockDto',
    description:
      'rp: reference block header: ref_block_bytes = bytes 6..8 of n (last 4 hex digits), ref_block_hash = hex digits ' +
      '16..32 of h, timestamp t, expiration t + 60 s (what tronweb derives from a blockHeader)',
  });

export const tronTxFeeSchema = z
  .object({
    mode: z.literal('TRON'),
    // Its description is the component's: OpenAPI 3.0 ignores a $ref's siblings.
    rp: tronReferenceBlockSchema,
    el: exactInteger({
      description:
        "el: fee limit in sun for a TRC-20 call: triggerconstantcontract's energy_used × getEnergyFee + 20 %; 0 for TRX transfers",
      example: 17_000_000,
    }),
  })
  .meta({ id: 'TronTxFeeDto' });

export const prepareSignResultSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    chainId: safeInteger({
      description: "The node's EIP-155 chain id, to sign with; null on Solana and Tron",
      example: 1,
    }).nullable(),
    from: z.string().meta({ example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
    to: z.string().meta({
      description:
        'The recipient (native) or the token contract (ERC-20, TRC-20); on Solana always the recipient wallet',
    }),
    valueWei: exactInteger({
      description: 'Exact native amount (wei, lamports, sun); 0 for a token transfer',
      example: 1000000000000000000,
    }),
    data: z.string().nullable().meta({
      description:
        "ERC-20 transfer calldata (0x…); TRC-20 transfer calldata (hex, no 0x, java-tron's form); null for native and on Solana",
    }),
    txType: z.enum(TX_TYPES),
    tokenContract: z
      .string()
      .nullable()
      .meta({ description: 'The token contract, or the SPL mint on Solana; null for a native transfer' }),
    nonce: safeInteger({ description: 'EVM nonce; null on Solana and Tron', example: 0 }).nullable(),
    fee: z.discriminatedUnion('mode', [txFeeSchema, solanaTxFeeSchema, tronTxFeeSchema]).meta({
      description:
        'By `mode`: EIP1559 / LEGACY (EVM), TRON (`rp`, `el`), and SOLANA (`sol`), an extension of the interface',
    }),
  })
  .meta({ id: 'PrepareSignResult' });

export type TxFeeDto = z.output<typeof txFeeSchema>;
export type SolanaFeeDetailsDto = z.output<typeof solanaFeeDetailsSchema>;
export type SolanaTxFeeDto = z.output<typeof solanaTxFeeSchema>;
export type TronReferenceBlockDto = z.output<typeof tronReferenceBlockSchema>;
export type TronTxFeeDto = z.output<typeof tronTxFeeSchema>;
export type PrepareSignResult = z.output<typeof prepareSignResultSchema>;

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
