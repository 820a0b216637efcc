import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Hash } from 'viem';
import {
  getSignatureStatus,
  getTransactionStatus,
  getTronTransactionStatus,
  type TxStatusReport,
  tronCall,
} from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { type AnyTxChain, TxChainResolver } from '../chains/tx-chain';
import type { TxStatusResult } from './tx-status.response';

const EVM_TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const TRON_TX_ID = /^(?:0x)?[0-9a-fA-F]{64}$/;
/** A 64-byte ed25519 signature in base58: 64 to 88 characters of the Bitcoin alphabet. */
const SOLANA_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

export class GetTxStatusQuery extends Query<TxStatusResult> {
  constructor(
    readonly chain: string,
    readonly txHash: string,
  ) {
    super();
  }
}

/**
 * A transaction's live status, straight from the node (the indexer may lag it), by the id POST
 * /api/txs/send answered: the 0x hash on EVM chains, the first signature (base58) on Solana, the txID on
 * Tron (docs/architecture.md §16). An id not of the chain's form is 400; an unknown one NOT_FOUND.
 */
@QueryHandler(GetTxStatusQuery)
export class GetTxStatusHandler implements IQueryHandler<GetTxStatusQuery, TxStatusResult> {
  constructor(private readonly chains: TxChainResolver) {}

  async execute({ chain: id, txHash }: GetTxStatusQuery): Promise<TxStatusResult> {
    const chain = await this.chains.resolveAnyFamily(id);
    const hash = transactionId(chain, txHash);
    return { chain: chain.entry.id, txHash: hash, ...(await readStatus(chain, hash)) };
  }
}

/** `txHash` in the chain's canonical form, or 400 when it is not of that form. */
function transactionId(chain: AnyTxChain, txHash: string): string {
  switch (chain.family) {
    case 'evm':
      if (!EVM_TX_HASH.test(txHash)) throw invalid('0x followed by 64 hex digits');
      return txHash.toLowerCase();
    case 'solana':
      if (!SOLANA_SIGNATURE.test(txHash)) throw invalid("the transaction's first signature in base58");
      return txHash;
    case 'tron':
      if (!TRON_TX_ID.test(txHash)) throw invalid('the txID: 64 hex digits');
      return txHash.replace(/^0x/, '').toLowerCase();
  }
}

function readStatus(chain: AnyTxChain, id: string): Promise<TxStatusReport> {
  switch (chain.family) {
    case 'evm':
      return getTransactionStatus(chain.client, id as Hash);
    case 'solana':
      return getSignatureStatus(chain.connection, id);
    case 'tron':
      return tronCall(() => getTronTransactionStatus(chain.client, id));
  }
}

function invalid(form: string): ApiError {
  return ApiError.badRequest(ErrorCode.VALIDATION_ERROR, `txHash must be ${form}`);
}
