import {
  type Database,
  failureReason,
  type HealthReport,
  type HealthSource,
  redactUrlsIn,
} from '@chainwire/core';
import { type EventStore, handleCommand } from '@chainwire/event-store';
import { swapDecider } from '../lifecycle/swap.decider';
import { swapStream } from '../lifecycle/swap.events';

export interface SwapExpiryTimerOptions {
  db: Database;
  eventStore: EventStore;
  /** How often the due quotes are looked for. Default 1 s. */
  intervalMs?: number;
  now?: () => Date;
  log?: (msg: string) => void;
}

/** Quotes expired per round at most; the next round takes the rest. */
const BATCH = 200;

/**
 * Expires quotes at their expiresAt (docs/architecture.md §14): every second it reads the QUOTED rows of
 * the swaps read model that are due and gives each the Expire command. It keeps no state of its own, so
 * a crash loses nothing: the rows are still due on restart, and the decider's deterministic id makes an
 * expiry appended twice (by two processes, or by the status route that expires lazily) one event.
 */
export class SwapExpiryTimer implements HealthSource {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private lastError?: Error;

  constructor(private readonly options: SwapExpiryTimerOptions) {}

  start(): void {
    const tick = () => {
      this.running = this.round()
        .then(() => (this.lastError = undefined))
        .catch((error: Error) => {
          if (this.lastError?.message !== error.message)
            this.options.log?.(`swap expiry: ${redactUrlsIn(error.message)}`);
          this.lastError = error;
        })
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.options.intervalMs ?? 1000);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round: every due quote expired; returns how many were. */
  async round(): Promise<number> {
    const now = (this.options.now ?? (() => new Date()))();
    const { rows } = await this.options.db.pool.query<{ quote_id: string }>(
      `SELECT quote_id FROM swaps WHERE status = 'QUOTED' AND expires_at <= $1 ORDER BY expires_at LIMIT ${BATCH}`,
      [now.toISOString()],
    );
    let expired = 0;
    for (const { quote_id } of rows) {
      const handled = await handleCommand(this.options.eventStore, swapStream(quote_id), swapDecider, {
        type: 'Expire',
        data: { at: now.toISOString() },
      });
      expired += handled.events.length;
    }
    return expired;
  }

  /** Public (GET /health/ready): a failure in fixed words (failureReason), its message in the log. */
  health(): HealthReport {
    return {
      component: 'swap-expiry',
      ok: this.lastError === undefined,
      ...(this.lastError ? { reason: failureReason(this.lastError) } : {}),
    } as HealthReport;
  }
}
