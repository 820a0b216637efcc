import type { EventStore } from '@chainwire/event-store';
import { recordOutcomes, type AttemptRecord } from './record-outcome';

interface Pending {
  record: AttemptRecord;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for attempt outcomes: while one batch is being written, the outcomes finishing meanwhile
 * queue up and go out together in the next, so under load a transaction records hundreds of attempts and
 * when idle an outcome is written at once. `add` resolves once its outcome is stored.
 */
export class OutcomeBatcher {
  private queue: Pending[] = [];
  private writing?: Promise<void>;

  constructor(
    private readonly eventStore: EventStore,
    private readonly onWritten: (recorded: number) => void,
  ) {}

  add(record: AttemptRecord): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ record, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  /** Resolves when every outcome added so far is written (or failed). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, 1000);
        try {
          const recorded = await recordOutcomes(
            this.eventStore,
            batch.map((p) => p.record),
          );
          for (const p of batch) p.resolve();
          this.onWritten(recorded);
        } catch (error) {
          for (const p of batch) p.reject(error);
        }
      }
    } finally {
      this.writing = undefined;
    }
  }
}
