import type { PoolClient } from 'pg';
import type { RecordedEvent } from '@chainwire/event-store';
import type { Consumer } from './runner/consumer';

/**
 * A read model fed from `$all` (docs/architecture.md §5): a consumer without side effects, whose rows
 * `cli replay` can rebuild from position 0.
 */
export interface Projection extends Consumer {
  /**
   * Tables the projection owns exclusively, unqualified (a replay rebuilds them beside the live ones
   * and swaps the result in: see replay-projection.ts).
   */
  readonly tables: readonly string[];
  /** Applies one batch, in global order. Must be deterministic so a replay rebuilds the same rows. */
  apply(client: PoolClient, events: readonly RecordedEvent[]): Promise<void>;
}
