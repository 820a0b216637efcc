import { Inject, Injectable } from '@nestjs/common';
import { ChainCapabilities, TronHttpClient } from '@chainwire/chains';
import { STAKING_OPTIONS, type StakingModuleOptions } from '../staking-options';

/** The registry id of Tron mainnet, the one Tron chain a deployment serves (TRON_RPC_URL). */
export const TRON_CHAIN = 'tron';

/**
 * Tron's node for staking reads and builds (docs/architecture.md §13); registers the `staking`
 * capability for tron when a node is configured (Stake 2.0 is part of the protocol: no hub to name).
 */
@Injectable()
export class TronStakingChain {
  readonly node?: TronHttpClient;

  constructor(@Inject(STAKING_OPTIONS) options: StakingModuleOptions, capabilities: ChainCapabilities) {
    this.node = options.tron && new TronHttpClient({ ...options.tron, timeoutMs: options.rpcTimeoutMs });
    capabilities.register({
      feature: 'staking',
      serves: (chain) => chain === TRON_CHAIN && this.node !== undefined,
    });
  }
}
