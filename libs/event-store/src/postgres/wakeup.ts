import { EventEmitter } from 'node:events';

/**
 * Wakes readers when events may have been appended. The counter closes the race between a reader's
 * last read and its wait: a wake that happened in between makes `wait` return at once.
 */
export class Wakeup {
  private count = 0;
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** The current wake count; pass it to `wait` after reading. */
  get seen(): number {
    return this.count;
  }

  wake(): void {
    this.count += 1;
    this.emitter.emit('wake');
  }

  /** Resolves on a wake after `seen`, after `timeoutMs` (the polling fallback), or when a signal aborts. */
  wait(seen: number, timeoutMs: number, signals: readonly (AbortSignal | undefined)[] = []): Promise<void> {
    if (this.count !== seen || signals.some((s) => s?.aborted)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off('wake', done);
        for (const s of signals) s?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.emitter.on('wake', done);
      for (const s of signals) s?.addEventListener('abort', done, { once: true });
    });
  }
}
