import { CHAIN_STREAM_PREFIX, TRANSFER_OBSERVED, TRANSFER_REVERTED } from '@chainwire/chain-events';
import type { Projection } from '../projection';
import { aggregateBalanceDeltas } from './balance-deltas';
import { applyBalanceDeltas } from './apply-balance-deltas';

/** Balances per (chain, address, asset) in smallest units: one aggregated upsert per batch. */
export const balancesProjection: Projection = {
  name: 'balances',
  tables: ['balances'],
  filter: { streamPrefixes: [CHAIN_STREAM_PREFIX], eventTypes: [TRANSFER_OBSERVED, TRANSFER_REVERTED] },
  apply: (client, events) => applyBalanceDeltas(client, aggregateBalanceDeltas(events)),
};
