import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { AppConfig, Database } from '@chainwire/core';
import {
  comparePositions,
  createEventStore,
  START,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '@chainwire/event-store';
import { CliUsageError, type CliOutput } from '../../cli-output';
import { PassProgress } from '../../pass-progress';
import { parseExportBound, type ExportBound } from './export-bounds';
import { parseExportTarget, type ExportTarget } from './export-target';
import { EXPORT_FORMATS, eventFormatter, isRecord, type ExportFormat } from './event-formats';

export interface ExportOptions {
  format: string;
  from?: string;
  to?: string;
  type?: string[];
  /** Only events whose data has a top-level field equal to this (case-insensitively): an address's transfers. */
  involving?: string;
  out?: string;
}

/** Events read per page: memory stays bounded by one page whatever the export's size. */
const PAGE = 2000;

/**
 * Streams a stream, a category or `$all` in global order to stdout or a file as NDJSON or CSV
 * (docs/architecture.md §4), in constant memory. It ends with the events visible when it reaches the
 * end: an indexer appending meanwhile does not keep it going.
 */
export async function exportEvents(
  db: Database,
  config: Pick<AppConfig, 'eventStoreUrl'>,
  targetName: string,
  options: ExportOptions,
  out: CliOutput,
  stdout: Writable,
): Promise<void> {
  const format = parseFormat(options.format);
  const target = parseExportTarget(targetName);
  const from = options.from === undefined ? undefined : parseExportBound('--from', options.from);
  const to = options.to === undefined ? undefined : parseExportBound('--to', options.to);
  const sink = options.out ? createWriteStream(options.out) : stdout;
  const eventStore = await createEventStore({ eventStoreUrl: config.eventStoreUrl, db });
  try {
    const progress = new PassProgress('export', await eventStore.headPosition(), (line) => out.error(line));
    let written = 0;
    const formatter = eventFormatter(format);
    const wanted = eventPredicate(target, from, to, options.involving);
    const types = options.type?.length ? options.type : undefined;
    for await (const page of pages(eventStore, target, from, types)) {
      const last = page.events.at(-1)!;
      const kept = page.events.filter(wanted);
      await write(sink, kept.map((event) => formatter.format(event)).join(''));
      written += kept.length;
      progress.advance(page.events.length, last.position, `, ${written} written`);
      if (to && 'position' in to && comparePositions(last.position, to.position) >= 0) break;
    }
    await write(sink, formatter.end());
    progress.finish(`, ${written} written`);
  } finally {
    await eventStore.close();
    if (sink !== stdout) {
      sink.end();
      await finished(sink);
    }
  }
}

async function* pages(
  eventStore: EventStore,
  target: ExportTarget,
  from: ExportBound | undefined,
  types: readonly string[] | undefined,
): AsyncGenerator<{ events: RecordedEvent[] }> {
  let after = from && 'position' in from ? justBefore(from.position) : START;
  const filter = { ...target.filter, eventTypes: types };
  for (;;) {
    const events = await eventStore.readAll({ after, limit: PAGE, filter });
    if (events.length === 0) return;
    yield { events };
    if (events.length < PAGE) return;
    after = events[events.length - 1].position;
  }
}

/** `--from` is inclusive; the store reads strictly after a position. */
function justBefore(position: GlobalPosition): GlobalPosition {
  return { commit: position.commit, prepare: position.prepare - 1n };
}

function eventPredicate(
  target: ExportTarget,
  from: ExportBound | undefined,
  to: ExportBound | undefined,
  involving: string | undefined,
): (event: RecordedEvent) => boolean {
  const party = involving?.toLowerCase();
  return (event) => {
    if (!target.includes(event.streamId)) return false;
    if (to && 'position' in to && comparePositions(event.position, to.position) > 0) return false;
    // Stored times follow positions only roughly (a transaction's time is its start): checked per event.
    if (from && 'time' in from && event.createdAt < from.time) return false;
    if (to && 'time' in to && event.createdAt > to.time) return false;
    if (party !== undefined) {
      const fields = isRecord(event.data) ? Object.values(event.data) : [];
      if (!fields.some((value) => typeof value === 'string' && value.toLowerCase() === party)) return false;
    }
    return true;
  };
}

function parseFormat(format: string): ExportFormat {
  if ((EXPORT_FORMATS as readonly string[]).includes(format)) return format as ExportFormat;
  throw new CliUsageError(`--format ${JSON.stringify(format)}: expected one of ${EXPORT_FORMATS.join(', ')}`);
}

async function write(sink: Writable, text: string): Promise<void> {
  if (text.length === 0) return;
  if (!sink.write(text)) await once(sink, 'drain');
}
