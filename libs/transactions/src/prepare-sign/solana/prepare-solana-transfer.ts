import { Injectable } from '@nestjs/common';
import type { Message, PublicKey, TransactionInstruction } from '@solana/web3.js';
import {
  ExecutionFailedError,
  getAccounts,
  solanaSplToken,
  solanaWeb3,
  getFeeForMessage,
  getLatestBlockhash,
  getRecentPrioritizationFees,
  getRentExemptMinimum,
  parseSolanaAddress,
  readMint,
  simulateComputeUnits,
} from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import type { SolanaTxChain } from '../../chains/tx-chain';
import { TxErrorCode } from '../../errors/transaction-error-codes';
import { familyAmount, rejectEvmOnlyFields } from '../family-amount';
import type { SolanaPrepared } from '../prepare-sign.response';
import type { TransferIntent } from '../transfer-intent';
import {
  computeUnitLimit,
  computeUnitPrice,
  MAX_COMPUTE_UNITS,
  priorityFee,
} from '../../fees/solana/solana-fee-policy';

/** Lamports and SPL token amounts are u64. */
const MAX_U64 = { value: 2n ** 64n - 1n, label: '2^64 - 1' } as const;

/**
 * prepare-sign on Solana (docs/architecture.md §16): a legacy message the `from` key alone signs (fee payer,
 * transfer authority and, for a token, payer of the recipient's associated token account when it is missing),
 * with its ComputeBudget instructions first: [setComputeUnitLimit(cu), setComputeUnitPrice(cup), …transfer].
 * Node calls, two rounds: the blockhash with the accounts (recipient, mint, both parties' associated token
 * accounts under either token program) and the rent-exempt minimum; then the simulation of the exact
 * instructions (limit 1.4 M, price 0), the base fee of that message and the writable accounts' recent
 * prioritization fees, together; nothing after. Nothing is stored.
 */
@Injectable()
export class SolanaPrepareSign {
  async prepare(intent: TransferIntent, chain: SolanaTxChain): Promise<SolanaPrepared> {
    const { ComputeBudgetProgram, SystemProgram, TransactionMessage } = solanaWeb3();
    const {
      createAssociatedTokenAccountIdempotentInstruction,
      createTransferCheckedInstruction,
      getAssociatedTokenAddressSync,
      TOKEN_2022_PROGRAM_ID,
      TOKEN_PROGRAM_ID,
    } = solanaSplToken();
    rejectEvmOnlyFields(intent, chain.entry.id, { multiplier: true });
    const from = address(intent.from, 'from');
    const to = address(intent.recipient, 'to');
    const mintKey =
      intent.tokenContract === undefined ? undefined : address(intent.tokenContract, 'tokenContract');
    const { connection } = chain;

    const atas = mintKey
      ? [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].flatMap((program) => [
          getAssociatedTokenAddressSync(mintKey, from, true, program),
          getAssociatedTokenAddressSync(mintKey, to, true, program),
        ])
      : [];
    const [blockhash, accounts, rentMinimum] = await Promise.all([
      getLatestBlockhash(connection),
      getAccounts(connection, [to, ...(mintKey ? [mintKey, ...atas] : [])]),
      mintKey ? undefined : getRentExemptMinimum(connection, 0),
    ]);

    let transfer: TransactionInstruction[];
    let lamports = 0n;
    if (!mintKey) {
      lamports = familyAmount(intent, chain.entry.decimals, MAX_U64);
      if (accounts[0] === null && lamports < rentMinimum!) {
        throw ApiError.badRequest(
          ErrorCode.VALIDATION_ERROR,
          `${to.toBase58()} does not exist yet: a transfer creating it must carry at least the rent-exempt minimum of ${rentMinimum} lamports`,
        );
      }
      transfer = [SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports })];
    } else {
      const mint = readMint(mintKey, accounts[1]!);
      if (!mint) {
        throw ApiError.badRequest(
          TxErrorCode.UNKNOWN_TOKEN,
          `tokenContract ${mintKey.toBase58()} is no SPL token mint on ${chain.entry.id}`,
        );
      }
      const amount = familyAmount(intent, mint.decimals, MAX_U64);
      const offset = mint.programId.equals(TOKEN_PROGRAM_ID) ? 0 : 2;
      const [source, destination] = [atas[offset]!, atas[offset + 1]!];
      if (accounts[2 + offset] === null) {
        throw new ExecutionFailedError(
          `${from.toBase58()} has no token account for ${mintKey.toBase58()} (its associated token account ${source.toBase58()} does not exist)`,
        );
      }
      transfer = [
        ...(accounts[3 + offset] === null
          ? [
              createAssociatedTokenAccountIdempotentInstruction(
                from,
                destination,
                to,
                mintKey,
                mint.programId,
              ),
            ]
          : []),
        createTransferCheckedInstruction(
          source,
          mintKey,
          destination,
          from,
          amount,
          mint.decimals,
          [],
          mint.programId,
        ),
      ];
    }

    const compile = (cu: bigint, cup: bigint): Message =>
      new TransactionMessage({
        payerKey: from,
        recentBlockhash: blockhash.blockhash,
        instructions: [
          ComputeBudgetProgram.setComputeUnitLimit({ units: Number(cu) }),
          ComputeBudgetProgram.setComputeUnitPrice({ microLamports: cup }),
          ...transfer,
        ],
      }).compileToLegacyMessage();
    const probe = compile(MAX_COMPUTE_UNITS, 0n);
    const writable = probe.accountKeys.filter((_key, i) => probe.isAccountWritable(i));
    const [units, baseFee, samples] = await Promise.all([
      simulateComputeUnits(connection, probe),
      getFeeForMessage(connection, probe),
      getRecentPrioritizationFees(connection, writable),
    ]);

    const cu = computeUnitLimit(units);
    const cup = computeUnitPrice(
      samples.map((s) => s.microLamportsPerCu),
      intent.fees.priorityFeeMultiplier,
    );
    const pf = priorityFee(cu, cup);
    const message = compile(cu, cup);
    const ns = message.header.numRequiredSignatures;
    return {
      chain: chain.entry.id,
      chainId: null,
      from: from.toBase58(),
      to: to.toBase58(),
      valueWei: lamports,
      data: null,
      txType: intent.txType,
      tokenContract: mintKey?.toBase58() ?? null,
      nonce: null,
      fee: {
        mode: 'SOLANA',
        sol: {
          bh: blockhash.blockhash,
          lvbh: blockhash.lastValidBlockHeight,
          ns,
          bf: baseFee,
          cu,
          cup,
          pf,
          tf: baseFee + pf,
          msg: message.serialize().toString('base64'),
          signers: message.accountKeys.slice(0, ns).map((k: PublicKey) => k.toBase58()),
        },
      },
    };
  }
}

function address(raw: string, field: string): PublicKey {
  const key = parseSolanaAddress(raw);
  if (!key) {
    throw ApiError.badRequest(
      ErrorCode.INVALID_ADDRESS,
      `${field} ${JSON.stringify(raw.slice(0, 100))} is not a valid Solana address (base58, 32 bytes)`,
    );
  }
  return key;
}
