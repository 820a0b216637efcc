import { Injectable } from '@nestjs/common';
import type { PublicKey } from '@solana/web3.js';
import {
  getFeeForMessage,
  getLatestBlockhash,
  getRecentPrioritizationFees,
  solanaWeb3,
} from '@chainwire/chains';
import type { SolanaTxChain } from '../../chains/tx-chain';
import { percentilePrice, PRIORITY_FEE_LEVELS } from './solana-fee-policy';

/** A Solana fee market: compute-unit prices per level (micro-lamports per CU) and the base fee per signature. */
export interface SolanaFeeLevels {
  readonly slow: bigint;
  readonly standard: bigint;
  readonly fast: bigint;
  readonly lamportsPerSignature: bigint;
  /** Recent slots the prices were taken over. */
  readonly slots: number;
}

/**
 * Solana's levels (docs/architecture.md §16): the percentiles of getRecentPrioritizationFees over `writable`
 * (the accounts a transaction would write-lock; none: the node's per-slot minimum over all transactions), and
 * the base fee per signature from getFeeForMessage of a message with one signer and no instruction (the node's
 * own number, not a constant).
 */
@Injectable()
export class SolanaFeeLevelsReader {
  async levels({ connection }: SolanaTxChain, writable: readonly PublicKey[]): Promise<SolanaFeeLevels> {
    const [fees, lamportsPerSignature] = await Promise.all([
      getRecentPrioritizationFees(connection, writable),
      baseFeePerSignature(connection),
    ]);
    const samples = fees.map((f) => f.microLamportsPerCu);
    return {
      slow: percentilePrice(samples, PRIORITY_FEE_LEVELS.slow),
      standard: percentilePrice(samples, PRIORITY_FEE_LEVELS.standard),
      fast: percentilePrice(samples, PRIORITY_FEE_LEVELS.fast),
      lamportsPerSignature,
      slots: samples.length,
    };
  }
}

async function baseFeePerSignature(connection: SolanaTxChain['connection']): Promise<bigint> {
  const web3 = solanaWeb3();
  const { blockhash } = await getLatestBlockhash(connection);
  const message = new web3.TransactionMessage({
    payerKey: web3.PublicKey.default,
    recentBlockhash: blockhash,
    instructions: [],
  }).compileToLegacyMessage();
  return getFeeForMessage(connection, message);
}
