import type { AllStreamSubscription } from '@kurrent/kurrentdb-client';

/**
 * What a subscription generator waits on: the subscription's events, the server's checkpoints and the
 * abort signals. Listens to the subscription's `'error'` for good once watched, so that an error emitted
 * while nobody waits is kept, not unhandled (which would end the process).
 */
export class SubscriptionSignals {
  failure?: Error;
  ended = false;
  /**
   * The server said the subscription has read up to the end of `$all` (servers ≥ 23.10 send it; 'fellBehind'
   * undoes it). The client emits it after pushing the events before it, so they are all buffered by then.
   */
  caughtUp = false;
  private waiter?: () => void;

  constructor(private readonly signals: readonly (AbortSignal | undefined)[]) {
    for (const s of signals) s?.addEventListener('abort', () => this.wake(), { once: true });
  }

  get stopped(): boolean {
    return this.signals.some((s) => s?.aborted);
  }

  watch(subscription: AllStreamSubscription): void {
    subscription.on('error', (error: Error) => {
      this.failure ??= error;
      this.wake();
    });
    const ended = () => {
      this.ended = true;
      this.wake();
    };
    subscription.on('caughtUp', () => {
      this.caughtUp = true;
      this.wake();
    });
    subscription.on('fellBehind', () => {
      this.caughtUp = false;
    });
    subscription.on('end', ended);
    subscription.on('close', ended);
  }

  /** Ends the current wait (a checkpoint arrived, an abort, an error). */
  wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }

  /**
   * Resolves when the subscription has more to read, ends, fails, is woken, a signal aborts, or (given
   * `timeoutMs`) after that long.
   */
  next(subscription: AllStreamSubscription, timeoutMs?: number): Promise<void> {
    if (this.stopped || this.failure || this.ended) return Promise.resolve();
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        subscription.off('readable', done);
        if (this.waiter === done) this.waiter = undefined;
        resolve();
      };
      this.waiter = done;
      subscription.on('readable', done);
      if (timeoutMs !== undefined) timer = setTimeout(done, timeoutMs);
    });
  }
}
