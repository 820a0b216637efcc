import type { PoolClient } from 'pg';
import type { RecordedEvent } from '@chainwire/event-store';
import type { Projection } from '@chainwire/consumers';
import { evolveSwap, type SwapState } from '../lifecycle/swap.decider';
import { isSwapEvent, quoteIdOf, SWAP_EVENT_TYPES, SWAP_STREAM_PREFIX } from '../lifecycle/swap.events';

export const SWAPS_PROJECTION = 'swaps';

/** A `swaps` row's state column: the SwapState without its revision (a column of its own). */
type StoredState = Omit<SwapState, 'version'>;

/**
 * The swaps read model (docs/architecture.md §14): per quote, the state the decider's `evolve` folds its
 * stream into, so the status route and the aggregate can never disagree on a transition. A batch loads
 * the rows of the quotes it touches, folds its events over them in order and writes them back.
 */
export const swapsProjection: Projection = {
  name: SWAPS_PROJECTION,
  tables: ['swaps'],
  filter: { streamPrefixes: [SWAP_STREAM_PREFIX], eventTypes: [...SWAP_EVENT_TYPES] },
  async apply(client: PoolClient, events: readonly RecordedEvent[]): Promise<void> {
    const swapEvents = events.filter(isSwapEvent);
    if (!swapEvents.length) return;
    const ids = [...new Set(swapEvents.map((e) => quoteIdOf(e.streamId)))];
    const { rows } = await client.query<{ quote_id: string; state: StoredState; version: string }>(
      `SELECT quote_id, state, version FROM swaps WHERE quote_id = ANY($1::uuid[])`,
      [ids],
    );
    const states = new Map<string, SwapState | undefined>(
      rows.map((r) => [r.quote_id, { ...r.state, version: BigInt(r.version) }]),
    );
    for (const event of swapEvents) {
      const id = quoteIdOf(event.streamId);
      const state = states.get(id);
      // A replayed or re-read event the row has folded already.
      if (state && event.streamPosition <= state.version) continue;
      states.set(id, evolveSwap(state, event));
    }
    const changed = [...states.values()].filter((s): s is SwapState => s !== undefined);
    await client.query(
      `INSERT INTO swaps (quote_id, api_key_id, provider, status, src_chain, dst_chain, expires_at, tx_hash, state, version, updated_at)
       SELECT s.quote_id, s.api_key_id, s.provider, s.status, s.src_chain, s.dst_chain, s.expires_at, s.tx_hash, s.state, s.version::bigint, s.updated_at
         FROM json_to_recordset($1::json) AS s(quote_id uuid, api_key_id text, provider text, status text, src_chain text,
              dst_chain text, expires_at timestamptz, tx_hash text, state jsonb, version text, updated_at timestamptz)
       ON CONFLICT (quote_id) DO UPDATE SET status = excluded.status, tx_hash = excluded.tx_hash,
         state = excluded.state, version = excluded.version, updated_at = excluded.updated_at`,
      [
        JSON.stringify(
          changed.map((s) => {
            const { version, ...state } = s;
            return {
              quote_id: s.quote.quoteId,
              api_key_id: s.quote.apiKeyId,
              provider: s.quote.provider,
              status: s.status,
              src_chain: s.quote.srcChain,
              dst_chain: s.quote.dstChain,
              expires_at: s.quote.expiresAt,
              tx_hash: s.txHash,
              state,
              version: version.toString(),
              updated_at: s.updatedAt,
            };
          }),
        ),
      ],
    );
  },
};

/** A swap as the read model holds it, or undefined. */
export async function readSwap(
  query: (sql: string, params: unknown[]) => Promise<{ rows: { state: StoredState; version: string }[] }>,
  quoteId: string,
): Promise<SwapState | undefined> {
  const { rows } = await query(`SELECT state, version FROM swaps WHERE quote_id = $1`, [quoteId]);
  return rows[0] ? { ...rows[0].state, version: BigInt(rows[0].version) } : undefined;
}
