import { Inject, Injectable } from '@nestjs/common';
import { type Database, DATABASE } from '@chainwire/core';
import { EVENT_STORE, type EventStore, foldStream, handleCommand } from '@chainwire/event-store';
import { readSwap } from '../read-model/swaps.projection';
import { quoteNotFound, swapDecider, type SwapState } from './swap.decider';
import { isQuoteId } from './swap-ids';
import { swapStream } from './swap.events';

/**
 * Loads a caller's swap for the route and status queries: the swaps read model first, the stream itself
 * when the projection has not caught up yet (a status asked right after the quote), so a quote is
 * found as soon as it is made. Another key's quote is not found (404, not 403: its existence is not
 * the caller's to learn).
 */
@Injectable()
export class SwapRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async load(raw: string, apiKeyId: string): Promise<SwapState> {
    if (!isQuoteId(raw)) throw quoteNotFound();
    const quoteId = raw.toLowerCase();
    const state =
      (await readSwap((sql, params) => this.db.pool.query(sql, params), quoteId)) ??
      (await foldStream(this.eventStore, swapStream(quoteId), swapDecider)).state;
    if (!state || state.quote.apiKeyId !== apiKeyId) throw quoteNotFound();
    return state;
  }

  /**
   * QUOTED past its expiry becomes EXPIRED now, by the same command the expiry timer gives (one event
   * whoever comes first, docs/architecture.md §14); any other state is answered as it is.
   */
  async expireIfDue(state: SwapState, now: Date): Promise<SwapState> {
    if (state.status !== 'QUOTED' || now.getTime() < Date.parse(state.quote.expiresAt)) return state;
    const handled = await handleCommand(this.eventStore, swapStream(state.quote.quoteId), swapDecider, {
      type: 'Expire',
      data: { at: now.toISOString() },
    });
    return handled.state ?? state;
  }
}
