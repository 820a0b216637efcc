import type { RecordedEvent } from '@chainwire/event-store';
import { type BlockIndexedData, isBlockIndexed, isBlockReverted } from '@chainwire/chain-events';

/** A run of consecutive same-kind block events, ready for one statement. */
export type BlockWrite =
  | { readonly kind: 'upsert'; readonly blocks: readonly BlockIndexedData[] }
  | { readonly kind: 'delete'; readonly blocks: readonly BlockIndexedData[] };

/**
 * Splits a batch into runs of BlockIndexed (upserts) and BlockReverted (deletes) in event order, so a
 * reorg inside one batch (index, revert, index again at the same height) ends in the right row. Within
 * an upsert run the last event per (chain, number) wins: ON CONFLICT cannot touch one row twice.
 */
export function planBlockWrites(events: readonly RecordedEvent[]): BlockWrite[] {
  const writes: BlockWrite[] = [];
  let kind: BlockWrite['kind'] | undefined;
  let run = new Map<string, BlockIndexedData>();
  const flush = () => {
    if (kind && run.size) writes.push({ kind, blocks: [...run.values()] });
    run = new Map();
  };
  for (const event of events) {
    if (!isBlockIndexed(event) && !isBlockReverted(event)) continue;
    const next = isBlockIndexed(event) ? 'upsert' : 'delete';
    if (next !== kind) {
      flush();
      kind = next;
    }
    const data = event.data;
    const key = `${data.chain}\u0000${BigInt(data.number)}`;
    // Deletes keep every (number, hash) pair: only the one matching the stored hash removes the row.
    run.set(next === 'upsert' ? key : `${key}\u0000${data.hash.toLowerCase()}`, data);
  }
  flush();
  return writes;
}
