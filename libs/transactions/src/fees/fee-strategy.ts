import type { TxChain } from '../chains/tx-chain';
import type { FeeLevels } from './fee-mode';

/**
 * The EVM fee market as levels of one price per gas: what prepare-sign adjusts and GET /api/fees answers for
 * EVM chains. Solana and Tron price differently (compute units, network parameters) and have readers of their own.
 */
export interface FeeStrategy<C extends TxChain = TxChain> {
  levels(chain: C): Promise<FeeLevels>;
}
