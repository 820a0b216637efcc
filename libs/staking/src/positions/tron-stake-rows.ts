import { Inject, Injectable } from '@nestjs/common';
import {
  observationStream,
  STAKE_OBSERVED,
  type StakeObserved,
  type StakeObservedData,
  stakeObservedId,
} from '@chainwire/chain-events';
import { readSolidifiedState, tronCall } from '@chainwire/chains';
import { type Database, DATABASE, SingleFlight } from '@chainwire/core';
import { EVENT_STORE, type EventStore } from '@chainwire/event-store';
import { withNodeErrors } from '../chains/node-errors';
import { TronStakingChain } from '../chains/tron-staking-chain';
import { type StakeOperationRow, withObservation } from './stake-operation-row';
import { readOwnerOperations } from './staking-operations.repository';

/**
 * A Tron owner's stake operations for the folds, oldest first, from the node's word on its stake
 * (docs/architecture.md §13). The first request for an owner whose read model holds no observation
 * reads the account at the solidified block, appends it as a StakeObserved (the staking projection makes
 * it a row at the end of that block) and folds with it at once; later requests read it from the read
 * model. The event's id is the observation's, so it is stored once.
 */
@Injectable()
export class TronStakeRows {
  /** Requests at once share one read; for a few seconds after it, until the projection has it, they repeat it. */
  private readonly inFlight = new SingleFlight<StakeObservedData>({ keepMs: 5_000 });

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly tron: TronStakingChain,
  ) {}

  async rows(chain: string, owner: string): Promise<StakeOperationRow[]> {
    const rows = await readOwnerOperations(this.db, chain, owner);
    if (!this.tron.node || rows.some((r) => r.operation === 'observed')) return rows;
    const observed = await this.inFlight.run(`${chain}|${owner}`, () => this.observe(chain, owner));
    return withObservation(rows, observed);
  }

  private async observe(chain: string, owner: string): Promise<StakeObservedData> {
    const { block, account } = await withNodeErrors(() =>
      tronCall(() => readSolidifiedState(this.tron.node!, owner)),
    );
    const { frozen, unfreezes, votes } = account.stake;
    const data: StakeObservedData = {
      chain,
      owner,
      blockNumber: block.number.toString(),
      blockHash: block.hash,
      timestamp: Math.floor(block.timestamp / 1000),
      frozen: { BANDWIDTH: frozen.BANDWIDTH.toString(), ENERGY: frozen.ENERGY.toString() },
      unfreezes: unfreezes.map((u) => ({
        amount: u.amountSun.toString(),
        resource: u.resource,
        unlockTimeMs: u.expireTimeMs,
      })),
      votes: votes.map((v) => ({ validator: v.validator, count: v.count.toString() })),
    };
    const event = { id: stakeObservedId(data), type: STAKE_OBSERVED as typeof STAKE_OBSERVED, data };
    await this.eventStore.appendToStream<StakeObserved>(observationStream(chain), [event]);
    return data;
  }
}
