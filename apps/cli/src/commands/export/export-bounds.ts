import type { GlobalPosition } from '@chainwire/event-store';
import { CliUsageError } from '../../cli-output';

/** An inclusive bound of `--from` / `--to`: a position in `$all` or a time the event was stored. */
export type ExportBound = { readonly position: GlobalPosition } | { readonly time: Date };

const POSITION = /^(\d+)\/(\d+)$/;

/** Positions as the export prints them: `<commit>/<prepare>`. */
export function formatPosition(position: GlobalPosition): string {
  return `${position.commit}/${position.prepare}`;
}

/** `<commit>/<prepare>` as printed in an export's `position`, or an ISO 8601 date or date-time. */
export function parseExportBound(option: string, value: string): ExportBound {
  const position = POSITION.exec(value);
  if (position) return { position: { commit: BigInt(position[1]), prepare: BigInt(position[2]) } };
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const time = new Date(value);
    if (!Number.isNaN(time.getTime())) return { time };
  }
  throw new CliUsageError(
    `${option} ${JSON.stringify(value)}: expected a position <commit>/<prepare> (as an export prints it) ` +
      'or an ISO 8601 date such as 2026-11-24 or 2026-11-24T10:00:00Z',
  );
}
