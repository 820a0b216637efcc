import type { GlobalPosition } from '@chainwire/event-store';
import { formatPosition } from './export-bounds';

/** A progress line on stderr at most every `everyMs`, and a summary at the end. */
export class ExportProgress {
  private readonly started = Date.now();
  private lastReport = this.started;
  private read = 0;
  private written = 0;
  private at?: GlobalPosition;

  constructor(
    private readonly report: (line: string) => void,
    private readonly everyMs = 2000,
  ) {}

  page(read: number, written: number, at: GlobalPosition): void {
    this.read += read;
    this.written += written;
    this.at = at;
    const now = Date.now();
    if (now - this.lastReport < this.everyMs) return;
    this.lastReport = now;
    this.report(`export: ${this.line(now)}`);
  }

  done(): void {
    this.report(`export: done, ${this.line(Date.now())}`);
  }

  private line(now: number): string {
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const rate = Math.round(this.read / seconds);
    const at = this.at ? `, at ${formatPosition(this.at)}` : '';
    return (
      `${this.written.toLocaleString('en-US')} events written of ${this.read.toLocaleString('en-US')} read ` +
      `in ${seconds.toFixed(1)} s (${rate.toLocaleString('en-US')} read/s)${at}`
    );
  }
}
