import { Injectable } from '@nestjs/common';
import type { Address, Hex } from 'viem';
import { estimateGas, getPendingNonce, simulateTransaction } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { TxChainResolver } from '../chains/tx-chain';
import { gasLimitFor } from '../fees/evm/evm-fee-policy';
import { FeeService } from '../fees/fee-service';
import { ChainRpcRegistry } from '../rpc/chain-rpc-registry';
import { adjustedEvmPrice, evmTxFeeDto, evmTxFeeFields } from './evm-tx-fee';
import type { TxFeeDto } from './prepare-sign.response';
import { checkTxOverrides, type TxOverridesInput } from './transfer-intent';

/**
 * A contract call to prepare for signing on an EVM chain (a feature's own transaction, e.g. an
 * undelegation), with the client's nonce and fee overrides as prepare-sign's request carries them.
 */
export interface ContractCallRequest extends TxOverridesInput {
  readonly chain: string;
  readonly from: Address;
  readonly to: Address;
  readonly data: Hex;
  readonly valueWei: bigint;
}

/** What prepare-sign answers for an EVM transaction, without its transfer fields (txType, tokenContract). */
export interface PreparedContractCall {
  readonly chain: string;
  readonly chainId: number;
  readonly from: Address;
  readonly to: Address;
  readonly valueWei: bigint;
  readonly data: Hex;
  readonly nonce: number;
  readonly fee: TxFeeDto;
}

/**
 * Prepares any EVM contract call the way prepare-sign prepares a transfer, with the same services and
 * rules: the overrides checked first (checkTxOverrides, 400 before any node call), the nonce given or
 * the pending one, the standard fee level (FeeService) adjusted as prepare-sign adjusts it
 * (adjustedEvmPrice), eth_estimateGas with the policy's margin, then an eth_call of the exact transaction
 * at the pending block (a revert answers 422 SIMULATION_FAILED with its decoded reason). Other features
 * (staking) reach it through their own port, wired by the app.
 */
@Injectable()
export class ContractCallPreparer {
  constructor(
    private readonly chains: TxChainResolver,
    private readonly fees: FeeService,
    private readonly rpc: ChainRpcRegistry,
  ) {}

  async prepare(request: ContractCallRequest): Promise<PreparedContractCall> {
    const overrides = checkTxOverrides(request);
    const chain = await this.chains.resolve(request.chain);
    if (chain.family !== 'evm') {
      throw ApiError.badRequest(ErrorCode.UNSUPPORTED_CHAIN, `${request.chain} is not an EVM chain`);
    }
    const tx = { from: request.from, to: request.to, value: request.valueWei, data: request.data };
    const [nonce, levels, chainId, estimate] = await Promise.all([
      overrides.nonce ?? getPendingNonce(chain.client, tx.from),
      this.fees.levels(chain),
      this.rpc.evmChainId(chain.entry.id, chain.client),
      estimateGas(chain.client, tx),
    ]);
    const gasLimit = gasLimitFor(estimate);
    const price = adjustedEvmPrice(chain.entry.id, levels, overrides.fees);
    await simulateTransaction(chain.client, { ...tx, gas: gasLimit, fees: evmTxFeeFields(price) });
    return {
      chain: chain.entry.id,
      chainId,
      from: tx.from,
      to: tx.to,
      valueWei: tx.value,
      data: tx.data,
      nonce,
      fee: evmTxFeeDto(price, gasLimit, levels.baseFeePerGas),
    };
  }
}
