import type { PoolClient } from 'pg';
import type { RecordedEvent } from '@chainwire/event-store';
import type { Consumer } from './consumer';

/**
 * A read model fed from `$all` (docs/architecture.md §5): a consumer without side effects, whose rows
 * `cli replay` can rebuild from position 0.
 */
export interface Projection extends Consumer {
  /**
   * Tables the projection owns exclusively, unqualified (a replay rebuilds them beside the live ones
   * and swaps the result in: see replayProjection).
   */
  readonly tables: readonly string[];
  /** Applies one batch, in global order. Must be deterministic so a replay rebuilds the same rows. */
  apply(client: PoolClient, events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Columns no event sets (another component's runtime state, such as a dispatcher's lease), copied from
   * the live rows into the rebuilt ones inside a replay's swap, just before they go live. `live(table)`
   * and `rebuilt(table)` are the qualified names; both are locked against other writers meanwhile.
   */
  keepOnSwap?(
    client: PoolClient,
    tables: { live(table: string): string; rebuilt(table: string): string },
  ): Promise<void>;
}
