import type { Logger } from '@chainwire/core';

/**
 * What a boot (or a role) has started, stopped newest first: whatever a part needs stays up until
 * everything started after it, and so possibly using it, is gone. A part that fails to stop is logged
 * and the rest still stop. `stop()` is idempotent: a second call waits for the first.
 */
export class ShutdownStack {
  private readonly parts: { name: string; stop: () => Promise<void> | void }[] = [];
  private stopping: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  push(name: string, stop: () => Promise<void> | void): void {
    this.parts.push({ name, stop });
  }

  stop(): Promise<void> {
    return (this.stopping ??= this.stopAll());
  }

  private async stopAll(): Promise<void> {
    for (let part = this.parts.pop(); part; part = this.parts.pop()) {
      try {
        await part.stop();
      } catch (error) {
        this.logger.error(`stopping ${part.name} failed`, { error });
      }
    }
  }
}
