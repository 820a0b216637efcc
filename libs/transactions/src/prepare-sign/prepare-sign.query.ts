import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { encodeFunctionData, erc20Abi, getAddress, type Address, type Hex } from 'viem';
import {
  estimateGas,
  getPendingNonce,
  isEvmAddress,
  normaliseAddress,
  parseAccountAddress,
  simulateTransaction,
} from '@chainwire/chains';
import { ApiError, type Database, DATABASE, ErrorCode } from '@chainwire/core';
import { TxChainResolver, type EvmTxChain } from '../chains/tx-chain';
import { gasLimitFor } from '../fees/evm/evm-fee-policy';
import { FeeService } from '../fees/fee-service';
import { ChainRpcRegistry } from '../rpc/chain-rpc-registry';
import { adjustedEvmPrice, evmTxFeeDto, evmTxFeeFields } from './evm-tx-fee';
import type { PrepareSignRequest } from './prepare-sign.schema';
import type { PrepareSignResult } from './prepare-sign.response';
import { SolanaPrepareSign } from './solana/prepare-solana-transfer';
import { TronPrepareSign } from './tron/prepare-tron-transfer';
import { resolveAmount } from './resolve-amount';
import { toTransferIntent, type TransferIntent } from './transfer-intent';

export class PrepareSignQuery extends Query<PrepareSignResult> {
  constructor(readonly request: PrepareSignRequest) {
    super();
  }
}

/**
 * An unsigned transfer the chain accepts, built by the chain's family (docs/architecture.md §16): Solana and
 * Tron by their own builders; on EVM chains: request rules, then chain, addresses and amount, then in
 * one round of node calls the nonce (pending unless given), the fee levels, the chain id and the gas
 * estimate, and last an eth_call of the exact transaction at the pending block. Nothing is stored:
 * preparing changes no state, so it is a query.
 */
@QueryHandler(PrepareSignQuery)
export class PrepareSignHandler implements IQueryHandler<PrepareSignQuery, PrepareSignResult> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly chains: TxChainResolver,
    private readonly fees: FeeService,
    private readonly rpc: ChainRpcRegistry,
    private readonly solana: SolanaPrepareSign,
    private readonly tron: TronPrepareSign,
  ) {}

  async execute({ request }: PrepareSignQuery): Promise<PrepareSignResult> {
    const intent = toTransferIntent(request);
    const chain = await this.chains.resolveAnyFamily(intent.chain);
    if (chain.family === 'solana') return this.solana.prepare(intent, chain);
    if (chain.family === 'tron') return this.tron.prepare(intent, chain);
    const from = parseAccountAddress(chain.entry.family, intent.from).display as Address;
    const recipient = parseAccountAddress(chain.entry.family, intent.recipient).display as Address;
    const token = intent.tokenContract === undefined ? undefined : parseTokenContract(intent.tokenContract);
    const amount = await resolveAmount(intent, {
      dataSource: this.db.dataSource,
      chain: chain.entry.id,
      nativeDecimals: chain.entry.decimals,
      tokenContract: token && normaliseAddress(token),
    });

    const tx = token
      ? {
          from,
          to: token,
          value: 0n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }),
        }
      : { from, to: recipient, value: amount, data: undefined };
    const { nonce, levels, chainId, gasLimit } = await this.chainFacts(chain, intent, tx);
    const price = adjustedEvmPrice(chain.entry.id, levels, intent.fees);
    await simulateTransaction(chain.client, { ...tx, gas: gasLimit, fees: evmTxFeeFields(price) });

    return {
      chain: chain.entry.id,
      chainId,
      from,
      to: tx.to,
      valueWei: tx.value,
      data: tx.data ?? null,
      txType: intent.txType,
      tokenContract: token ?? null,
      nonce,
      fee: evmTxFeeDto(price, gasLimit, levels.baseFeePerGas),
    };
  }

  /** The node facts, asked together so they travel as one JSON-RPC batch. */
  private async chainFacts(
    chain: EvmTxChain,
    intent: TransferIntent,
    tx: { from: Address; to: Address; value: bigint; data?: Hex },
  ) {
    const [nonce, levels, chainId, estimate] = await Promise.all([
      intent.nonce ?? getPendingNonce(chain.client, tx.from),
      this.fees.levels(chain),
      this.rpc.evmChainId(chain.entry.id, chain.client),
      estimateGas(chain.client, tx),
    ]);
    return { nonce, levels, chainId, gasLimit: gasLimitFor(estimate) };
  }
}

function parseTokenContract(raw: string): Address {
  if (!isEvmAddress(raw)) {
    throw ApiError.badRequest(
      ErrorCode.INVALID_ADDRESS,
      `tokenContract ${JSON.stringify(raw.slice(0, 100))} is not a valid EVM address`,
    );
  }
  return getAddress(raw);
}
