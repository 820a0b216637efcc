import { Injectable } from '@nestjs/common';
import type { TxChain } from '../chains/tx-chain';
import { EvmFeeStrategy } from './evm/evm-fee-strategy';
import type { FeeLevels } from './fee-mode';

/** The fee market of any supported chain, by its family's strategy; chain failures as envelope errors. */
@Injectable()
export class FeeService {
  constructor(private readonly evm: EvmFeeStrategy) {}

  levels(chain: TxChain): Promise<FeeLevels> {
    switch (chain.family) {
      case 'evm':
        return this.evm.levels(chain);
    }
  }
}
