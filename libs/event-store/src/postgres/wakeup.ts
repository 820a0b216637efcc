import { EventEmitter } from 'node:events';
import type { EventFilter } from '../event-store';
import { type AppendSummary, summaryMayMatch } from './append-summary';

/** Wakes kept for readers that took the count before them; a reader further behind just reads. */
const KEPT_WAKES = 64;

/**
 * Wakes readers when events may have been appended. The counter closes the race between a reader's
 * last read and its wait: a wake that happened in between makes `wait` return at once. A wake says
 * what the append stored (AppendSummary; null: unknown), and a reader with a filter is woken only by
 * appends that can hold an event it reads (docs/architecture.md §4).
 */
export class Wakeup {
  private count = 0;
  /** The summaries of the last KEPT_WAKES wakes, by count modulo KEPT_WAKES. */
  private readonly recent: (AppendSummary | null)[] = new Array(KEPT_WAKES).fill(null);
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** The current wake count; pass it to `wait` after reading. */
  get seen(): number {
    return this.count;
  }

  wake(summary: AppendSummary | null = null): void {
    this.count += 1;
    this.recent[this.count % KEPT_WAKES] = summary;
    this.emitter.emit('wake', summary);
  }

  /**
   * Resolves on a wake after `seen` that may concern `filter` (true), after `timeoutMs` (the polling
   * fallback), or when a signal aborts (false).
   */
  wait(
    seen: number,
    timeoutMs: number,
    signals: readonly (AbortSignal | undefined)[] = [],
    filter?: EventFilter,
  ): Promise<boolean> {
    if (this.wokenSince(seen, filter)) return Promise.resolve(true);
    if (signals.some((s) => s?.aborted)) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.emitter.off('wake', onWake);
        for (const s of signals) s?.removeEventListener('abort', notWoken);
        resolve(woken);
      };
      const onWake = (summary: AppendSummary | null) => {
        if (summaryMayMatch(summary, filter)) done(true);
      };
      const notWoken = () => done(false);
      const timer = setTimeout(notWoken, timeoutMs);
      this.emitter.on('wake', onWake);
      for (const s of signals) s?.addEventListener('abort', notWoken, { once: true });
    });
  }

  private wokenSince(seen: number, filter: EventFilter | undefined): boolean {
    if (this.count === seen) return false;
    if (this.count - seen >= KEPT_WAKES) return true;
    for (let n = seen + 1; n <= this.count; n++) {
      if (summaryMayMatch(this.recent[n % KEPT_WAKES], filter)) return true;
    }
    return false;
  }
}
