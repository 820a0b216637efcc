import { Injectable } from '@nestjs/common';
import { getCachedChainParameters, tronCall } from '@chainwire/chains';
import type { TronTxChain } from '../../chains/tx-chain';

/** Tron's prices, set by the network's parameters: there is no tip and so no slow or fast level. */
export interface TronFeePrices {
  /** Sun burnt per energy unit a contract call uses beyond the account's staked energy (`getEnergyFee`). */
  readonly energyPrice: bigint;
  /** Sun burnt per byte of bandwidth beyond the account's free and staked bandwidth (`getTransactionFee`). */
  readonly bandwidthPrice: bigint;
}

@Injectable()
export class TronFeePricesReader {
  async prices({ client }: TronTxChain): Promise<TronFeePrices> {
    const parameters = await tronCall(() => getCachedChainParameters(client));
    return {
      energyPrice: parameters.get('getEnergyFee') ?? 0n,
      bandwidthPrice: parameters.get('getTransactionFee') ?? 0n,
    };
  }
}
