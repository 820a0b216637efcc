import type { TxChain } from '../chains/tx-chain';
import type { FeeLevels } from './fee-mode';

/** The fee market of one chain family. A Tron or Solana strategy implements the same port. */
export interface FeeStrategy<C extends TxChain = TxChain> {
  levels(chain: C): Promise<FeeLevels>;
}
