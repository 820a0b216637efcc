import {
  BALANCES_OBSERVED,
  BLOCK_INDEXED,
  BLOCK_REVERTED,
  CHAIN_STREAM_PREFIX,
  OBSERVATION_STREAM_PREFIX,
  TRANSFER_OBSERVED,
  TRANSFER_REVERTED,
} from '@chainwire/chain-events';
import type { Projection } from '@chainwire/consumers';
import { applyBalanceBatch } from './apply-balance-batch';

/**
 * Balances per (chain, address, asset) in smallest units: the node's observed balance at a block plus
 * the indexed transfers after it (docs/architecture.md §5). Blocks come along to place observations.
 */
export const balancesProjection: Projection = {
  name: 'balances',
  tables: ['balances', 'balance_heads'],
  filter: {
    streamPrefixes: [CHAIN_STREAM_PREFIX, OBSERVATION_STREAM_PREFIX],
    eventTypes: [BLOCK_INDEXED, TRANSFER_OBSERVED, TRANSFER_REVERTED, BLOCK_REVERTED, BALANCES_OBSERVED],
  },
  apply: applyBalanceBatch,
};
