import type { GlobalPosition } from '@chainwire/event-store';

/**
 * Progress of a pass over `$all` (an export, a replay) on stderr, at most every `everyMs`: events and
 * events/s, and against the head position read when the pass started, how far it is and an ETA. The
 * share is of positions, which grow evenly enough with the events between them for an estimate.
 */
export class PassProgress {
  private readonly started = Date.now();
  private lastReport = this.started;
  private events = 0;
  private at?: GlobalPosition;

  constructor(
    private readonly label: string,
    private readonly head: GlobalPosition,
    private readonly report: (line: string) => void,
    private readonly everyMs = 2000,
  ) {}

  advance(events: number, at: GlobalPosition, detail = ''): void {
    this.events += events;
    this.at = at;
    const now = Date.now();
    if (now - this.lastReport < this.everyMs) return;
    this.lastReport = now;
    this.report(`${this.label}: ${this.line(now)}${this.eta(now)}${detail}`);
  }

  finish(detail = ''): void {
    this.report(`${this.label}: done, ${this.line(Date.now())}${detail}`);
  }

  private line(now: number): string {
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const rate = Math.round(this.events / seconds);
    return `${count(this.events)} events in ${seconds.toFixed(1)} s (${count(rate)}/s)`;
  }

  private eta(now: number): string {
    const share = this.share();
    if (share === undefined) return '';
    const seconds = share > 0 ? ((now - this.started) / 1000) * ((1 - share) / share) : Infinity;
    const eta = Number.isFinite(seconds) ? `ETA ${Math.ceil(seconds)} s` : 'ETA unknown';
    return `, ${Math.floor(share * 100)} % of $all, ${eta}`;
  }

  private share(): number | undefined {
    if (!this.at || this.head.prepare <= 0n) return undefined;
    const share = Number(this.at.prepare) / Number(this.head.prepare);
    return Math.min(Math.max(share, 0), 1);
  }
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
