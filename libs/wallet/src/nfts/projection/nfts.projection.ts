import { CHAIN_STREAM_PREFIX, TRANSFER_OBSERVED, TRANSFER_REVERTED } from '@chainwire/chain-events';
import type { Projection } from '@chainwire/consumers';
import { applyNftHoldingDeltas } from './apply-nft-holding-deltas';
import { aggregateNftHoldingDeltas } from './nft-holding-deltas';

/**
 * NFT ownership per (chain, contract, tokenId, owner) from erc721 and erc1155 transfers: one aggregated
 * upsert per batch; a reorg's TransferReverted applies the reverse (docs/architecture.md §5, §11).
 */
export const nftsProjection: Projection = {
  name: 'nfts',
  tables: ['nft_holdings'],
  filter: { streamPrefixes: [CHAIN_STREAM_PREFIX], eventTypes: [TRANSFER_OBSERVED, TRANSFER_REVERTED] },
  apply: (client, events) => applyNftHoldingDeltas(client, aggregateNftHoldingDeltas(events)),
};
