import { Inject, Injectable } from '@nestjs/common';
import { encodeFunctionData, erc20Abi } from 'viem';
import {
  ExecutionFailedError,
  getCachedChainParameters,
  getNowBlock,
  triggerConstantContract,
  tronCall,
} from '@chainwire/chains';
import { ApiError, type Database, DATABASE, ErrorCode } from '@chainwire/core';
import type { TronTxChain } from '../../chains/tx-chain';
import { familyAmount, rejectEvmOnlyFields } from '../family-amount';
import type { TronPrepared } from '../prepare-sign.response';
import { resolveAmount } from '../resolve-amount';
import type { TransferIntent } from '../transfer-intent';
import { parseTronAddress } from './tron-address';
import { feeLimit } from './tron-fee-policy';

/** A TransferContract's amount is an int64 of sun. */
const MAX_INT64 = { value: 2n ** 63n - 1n, label: '2^63 - 1' } as const;

/**
 * prepare-sign on Tron (docs/architecture.md §16). TRX: a TransferContract from → to of valueWei sun, fee limit 0.
 * TRC-20: a TriggerSmartContract on the token with `data` = transfer(to, amount), its energy measured by
 * triggerconstantcontract on the node's current state (a revert there is 422 SIMULATION_FAILED) and priced at
 * the network's getEnergyFee. Both reference the node's head block (fee.rp), from which the client's tronweb
 * derives ref_block_bytes / ref_block_hash and the expiration. Node calls: getnowblock, and for a token
 * getchainparameters (shared by every caller for CHAIN_PARAMETERS_TTL_MS) and triggerconstantcontract, all at
 * once. Nothing is stored.
 */
@Injectable()
export class TronPrepareSign {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async prepare(intent: TransferIntent, chain: TronTxChain): Promise<TronPrepared> {
    rejectEvmOnlyFields(intent, chain.entry.id, { multiplier: false });
    const from = parseTronAddress(intent.from, 'from');
    const to = parseTronAddress(intent.recipient, 'to');
    const token =
      intent.tokenContract === undefined
        ? undefined
        : parseTronAddress(intent.tokenContract, 'tokenContract');
    if (!token && from.hex === to.hex) {
      throw ApiError.badRequest(
        ErrorCode.VALIDATION_ERROR,
        'from and to are the same account: Tron refuses a TRX transfer to oneself',
      );
    }
    const { client } = chain;

    if (!token) {
      const sun = familyAmount(intent, chain.entry.decimals, MAX_INT64);
      const block = await tronCall(() => getNowBlock(client));
      return this.result(chain, intent, {
        from,
        to: to.base58,
        value: sun,
        data: null,
        token: null,
        block,
        el: 0n,
      });
    }

    const amount = await resolveAmount(intent, {
      dataSource: this.db.dataSource,
      chain: chain.entry.id,
      nativeDecimals: chain.entry.decimals,
      tokenContract: token.base58,
      tokenType: 'trc20',
    });
    if (amount === 0n)
      throw ApiError.badRequest(ErrorCode.VALIDATION_ERROR, 'the amount must be more than 0');
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [`0x${to.hex.slice(2)}`, amount],
    }).slice(2);
    const [block, parameters, call] = await tronCall(() =>
      Promise.all([
        getNowBlock(client),
        getCachedChainParameters(client),
        triggerConstantContract(client, { ownerAddress: from.hex, contractAddress: token.hex, data }),
      ]),
    );
    if (!call.ok) {
      throw new ExecutionFailedError(`TRC-20 transfer would fail: ${call.reason ?? 'REVERT'}`.slice(0, 500));
    }
    const sunPerEnergy = parameters.get('getEnergyFee');
    if (sunPerEnergy === undefined) {
      throw new ApiError(
        503,
        ErrorCode.SERVICE_UNAVAILABLE,
        'The Tron node published no getEnergyFee chain parameter',
      );
    }
    const el = feeLimit(call.energyUsed, sunPerEnergy, parameters.get('getMaxFeeLimit'));
    return this.result(chain, intent, {
      from,
      to: token.base58,
      value: 0n,
      data,
      token: token.base58,
      block,
      el,
    });
  }

  private result(
    chain: TronTxChain,
    intent: TransferIntent,
    tx: {
      from: { base58: string };
      to: string;
      value: bigint;
      data: string | null;
      token: string | null;
      block: Awaited<ReturnType<typeof getNowBlock>>;
      el: bigint;
    },
  ): TronPrepared {
    const { block } = tx;
    return {
      chain: chain.entry.id,
      chainId: null,
      from: tx.from.base58,
      to: tx.to,
      valueWei: tx.value,
      data: tx.data,
      txType: intent.txType,
      tokenContract: tx.token,
      nonce: null,
      fee: {
        mode: 'TRON',
        rp: {
          h: block.hash,
          n: block.number,
          t: BigInt(block.timestamp),
          p: block.parentHash,
          r: block.txTrieRoot,
          w: block.witness,
          v: block.version,
        },
        el: tx.el,
      },
    };
  }
}
