import { stringify } from 'csv-stringify/sync';
import type { RecordedEvent } from '@chainwire/event-store';
import { formatPosition } from './export-bounds';

export const EXPORT_FORMATS = ['ndjson', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Turns events into the text of one format, in order: what `format` returns is written as it is. */
export interface EventFormatter {
  format(event: RecordedEvent): string;
  /** What closes the output (a CSV's header when no event came). */
  end(): string;
}

export function eventFormatter(format: ExportFormat): EventFormatter {
  return format === 'csv' ? new CsvFormatter() : ndjsonFormatter;
}

/** One JSON object a line; bigints as decimal strings, as the events' own data carries them. */
const ndjsonFormatter: EventFormatter = {
  format: (event) =>
    `${JSON.stringify({
      position: formatPosition(event.position),
      streamId: event.streamId,
      streamPosition: event.streamPosition.toString(),
      id: event.id,
      type: event.type,
      createdAt: event.createdAt.toISOString(),
      data: event.data,
      metadata: event.metadata,
    })}\n`,
  end: () => '',
};

const ENVELOPE_COLUMNS = ['position', 'stream_id', 'stream_position', 'event_id', 'type', 'created_at'];

/**
 * A spreadsheet's view: the envelope, then one column per field of the first event's data (an export
 * filtered to one type has the same fields on every line), then `extra_data` with any other fields as
 * JSON and `metadata`. Nothing is dropped: a field without a column of its own goes to `extra_data`.
 * Nested values are JSON; null is an empty cell.
 */
class CsvFormatter implements EventFormatter {
  private dataColumns?: readonly string[];

  format(event: RecordedEvent): string {
    const data = isRecord(event.data) ? event.data : { value: event.data };
    let header = '';
    if (!this.dataColumns) {
      this.dataColumns = Object.keys(data);
      header = stringify([[...ENVELOPE_COLUMNS, ...this.dataColumns, 'extra_data', 'metadata']]);
    }
    const columns = new Set(this.dataColumns);
    const extra = Object.fromEntries(Object.entries(data).filter(([key]) => !columns.has(key)));
    const row = [
      formatPosition(event.position),
      event.streamId,
      event.streamPosition.toString(),
      event.id,
      event.type,
      event.createdAt.toISOString(),
      ...this.dataColumns.map((key) => cell(data[key])),
      Object.keys(extra).length > 0 ? JSON.stringify(extra) : '',
      JSON.stringify(event.metadata),
    ];
    return header + stringify([row]);
  }

  end(): string {
    return this.dataColumns ? '' : stringify([[...ENVELOPE_COLUMNS, 'extra_data', 'metadata']]);
  }
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
