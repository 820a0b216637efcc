import { Inject, Injectable } from '@nestjs/common';
import type { Address } from 'viem';
import {
  BALANCES_OBSERVED,
  type BalancesObserved,
  type BalancesObservedData,
  balancesObservedId,
  observationStream,
} from '@chainwire/chain-events';
import { type AccountAddress, type ChainEntry, displayContract, NATIVE_CONTRACT } from '@chainwire/chains';
import { ApiError, type Database, DATABASE, SingleFlight } from '@chainwire/core';
import { EVENT_STORE, type EventStore } from '@chainwire/event-store';
import { type LatestBlock, readLatestBlock } from '@chainwire/blocks';
import { EvmReadChainResolver } from '../../chain-reads/evm-read-chain';
import { TRON_NODE, type TronNode } from '../../chain-reads/tron-node';
import type { ObservedBalances } from './observed-balances';
import { readEvmObservation } from './read-evm-observation';
import { readTronObservation } from './read-tron-observation';

/**
 * Takes what the node says an address holds, for the assets the balances read model has never observed
 * for it, and records it as a BalancesObserved event (docs/architecture.md §5): the projection folds it
 * in, so later requests are answered from the read model without the node, and a replay rebuilds the
 * same rows from the store alone. Requests for the same observation share one node read; the event's
 * id is the observation's, so a repeat (another process, a retry after a crash) is stored once.
 */
@Injectable()
export class BalanceObserver {
  /**
   * Per indexed head: requests for the same observation share one read, and for a few seconds after it
   * (until the projection has it, in milliseconds as a rule) repeat it instead of reading again.
   */
  private readonly inFlight = new SingleFlight<ObservedBalances>({ keepMs: 5_000 });

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly evm: EvmReadChainResolver,
    @Inject(TRON_NODE) private readonly tron: TronNode,
  ) {}

  /** True when this process has a node to observe the chain's balances with. */
  canObserve(chain: ChainEntry): boolean {
    return chain.family === 'Tron' ? this.tron !== null && chain.id === 'tron' : !!this.evm.clientOf(chain);
  }

  /** The node's balances of `assets` (stored form), recorded before they are returned. 503 when the node fails. */
  async observe(
    chain: ChainEntry,
    account: AccountAddress,
    assets: readonly string[],
  ): Promise<ObservedBalances> {
    const head = await readLatestBlock(this.db.pool, chain.id);
    const key = `${chain.id}|${head?.hash ?? ''}|${account.key}|${[...assets].sort().join(',')}`;
    return this.inFlight.run(key, () => this.observeAndRecord(chain, account, assets, head));
  }

  private async observeAndRecord(
    chain: ChainEntry,
    account: AccountAddress,
    assets: readonly string[],
    head: LatestBlock | null,
  ): Promise<ObservedBalances> {
    let observed: ObservedBalances;
    try {
      observed =
        chain.family === 'Tron'
          ? await readTronObservation(this.tron!, account.display, assets)
          : await readEvmObservation(this.evm.clientOf(chain)!, account.display as Address, assets, head);
    } catch (error) {
      // A fixed reason: the node's own message can carry its URL or the request (the log gets it redacted).
      throw ApiError.unavailable(`The ${chain.id} node could not be read`, error);
    }
    const data: BalancesObservedData = {
      chain: chain.id,
      address: account.display,
      blockNumber: observed.blockNumber.toString(),
      blockHash: observed.blockHash,
      balances: assets.map((asset) => ({
        asset: asset === NATIVE_CONTRACT ? NATIVE_CONTRACT : displayContract(chain.family, asset),
        amount: observed.amounts.get(asset)!.toString(),
      })),
    };
    const event = { id: balancesObservedId(data), type: BALANCES_OBSERVED as typeof BALANCES_OBSERVED, data };
    await this.eventStore.appendToStream<BalancesObserved>(observationStream(chain.id), [event]);
    return observed;
  }
}
