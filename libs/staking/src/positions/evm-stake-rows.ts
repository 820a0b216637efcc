import { Inject, Injectable } from '@nestjs/common';
import type { Address, Hex } from 'viem';
import {
  DELEGATIONS_OBSERVED,
  type DelegationsObserved,
  type DelegationsObservedData,
  delegationsObservedId,
  observationStream,
} from '@chainwire/chain-events';
import { isStateUnavailableError, readDelegationsAtBlock } from '@chainwire/chains';
import { type Database, DATABASE, SingleFlight } from '@chainwire/core';
import { EVENT_STORE, type EventStore } from '@chainwire/event-store';
import { readLatestBlock } from '@chainwire/blocks';
import type { EvmStakingChain } from '../chains/evm-staking-chains';
import { withNodeErrors } from '../chains/node-errors';
import { type StakeOperationRow, withObservation } from './stake-operation-row';
import { readOwnerOperations } from './staking-operations.repository';

/**
 * A delegator's StakeHub operations for the EVM fold, oldest first, from the node's word on its
 * holdings (docs/architecture.md §13). The first request for a delegator whose read model holds no
 * observation reads every credit contract at the indexed head, pinned by its hash, appends it as a
 * DelegationsObserved (the staking projection makes it a row at the end of that block) and folds with
 * it at once; later requests read it from the read model. When the node no longer has the head's
 * state (a backfill far behind it), or nothing is indexed yet, it reads at the node's head instead: the
 * operations the indexer finds up to that block sort before the observation, and one on a block a
 * reorg replaces is dropped when the indexer reaches that height. The event's id is the observation's,
 * so it is stored once.
 */
@Injectable()
export class EvmStakeRows {
  /** Requests at once share one read; for a few seconds after it, until the projection has it, they repeat it. */
  private readonly inFlight = new SingleFlight<DelegationsObservedData>({ keepMs: 5_000 });

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async rows(chain: EvmStakingChain, owner: Address): Promise<StakeOperationRow[]> {
    const rows = await readOwnerOperations(this.db, chain.id, owner);
    if (rows.some((r) => r.operation === 'observed')) return rows;
    const head = await readLatestBlock(this.db.pool, chain.id);
    const observed = await this.inFlight.run(`${chain.id}|${head?.hash ?? ''}|${owner}`, () =>
      withNodeErrors(() => this.observe(chain, owner, head)),
    );
    return withObservation(rows, observed);
  }

  private async observe(
    chain: EvmStakingChain,
    owner: Address,
    head: { number: bigint; hash: string; timestamp: bigint } | null,
  ): Promise<DelegationsObservedData> {
    const read = async (at: { number: bigint; hash: string; timestamp: bigint }) => {
      const held = await readDelegationsAtBlock(chain.client, chain.hub, owner, at.hash as Hex);
      return { at, held };
    };
    let taken;
    try {
      taken = head ? await read(head) : undefined;
    } catch (error) {
      if (!isStateUnavailableError(error)) throw error;
    }
    if (!taken) {
      const latest = await chain.client.getBlock({ blockTag: 'latest' });
      taken = await read({ number: latest.number, hash: latest.hash, timestamp: latest.timestamp });
    }
    const { at, held } = taken;
    const data: DelegationsObservedData = {
      chain: chain.id,
      owner,
      blockNumber: at.number.toString(),
      blockHash: at.hash,
      timestamp: Number(at.timestamp),
      delegations: held.delegations.map((d) => ({
        validator: d.validator,
        shares: d.shares.toString(),
        pooledWei: d.pooledWei.toString(),
      })),
      unbonds: held.unbonds.map((u) => ({
        validator: u.validator,
        shares: u.shares.toString(),
        amountWei: u.amountWei.toString(),
        unlockTimeMs: u.unlockTimeMs,
      })),
    };
    const event = {
      id: delegationsObservedId(data),
      type: DELEGATIONS_OBSERVED as typeof DELEGATIONS_OBSERVED,
      data,
    };
    await this.eventStore.appendToStream<DelegationsObserved>(observationStream(chain.id), [event]);
    return data;
  }
}
