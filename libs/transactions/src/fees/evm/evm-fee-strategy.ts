import { Injectable } from '@nestjs/common';
import { getFeeHistory, getGasPrice, getLatestBaseFee, getSuggestedPriorityFee } from '@chainwire/chains';
import type { EvmTxChain } from '../../chains/tx-chain';
import type { FeeLevels } from '../fee-mode';
import type { FeeStrategy } from '../fee-strategy';
import { eip1559Levels, FEE_HISTORY_BLOCKS, legacyLevels, TIP_PERCENTILES } from './evm-fee-policy';

/**
 * EVM fees (rules in evm-fee-policy.ts): a chain whose latest block has a base fee is EIP1559,
 * any other LEGACY. The block and the fee history are asked together (one JSON-RPC batch).
 */
@Injectable()
export class EvmFeeStrategy implements FeeStrategy<EvmTxChain> {
  async levels({ client }: EvmTxChain): Promise<FeeLevels> {
    const history = getFeeHistory(client, FEE_HISTORY_BLOCKS, TIP_PERCENTILES);
    history.catch(() => undefined); // not needed on a legacy chain, where some nodes refuse it
    const baseFee = await getLatestBaseFee(client);
    if (baseFee === null) return legacyLevels(await getGasPrice(client));
    const fees = await history;
    const busy = fees.gasUsedRatio.some((ratio) => ratio > 0);
    return eip1559Levels(fees, busy ? 0n : await getSuggestedPriorityFee(client));
  }
}
