import { CONFIG_SECTIONS, type ConfigSection } from './config-schema';
import { envVarDocs } from './env-var';

export const CONFIG_TABLE_START = '<!-- config-table:start -->';
export const CONFIG_TABLE_END = '<!-- config-table:end -->';
/** What regenerates the README's table; the drift spec's message names it. */
export const CONFIG_TABLE_COMMAND = 'npm run docs:config';

/** Variable, default, description of every declared variable, in CONFIG_SECTIONS order. */
export function configRows(sections: readonly ConfigSection[] = CONFIG_SECTIONS): string[][] {
  return sections.flatMap((section) =>
    Object.entries(section.variables.shape).map(([key, schema]) => {
      const doc = envVarDocs.get(schema as never);
      if (!doc) throw new Error(`${section.prefix}${key} has no documentation (declare it with env-var.ts)`);
      return [`\`${section.prefix}${key}\``, doc.default, doc.description];
    }),
  );
}

/**
 * The README's configuration table as Markdown, laid out as prettier lays out a table (cells padded to
 * the column's width), so that `npm run format` leaves the generated text as it is.
 */
export function configTable(sections: readonly ConfigSection[] = CONFIG_SECTIONS): string {
  const rows = [['Variable', 'Default', 'Meaning'], ...configRows(sections).map((r) => r.map(escapeCell))];
  const widths = rows[0].map((_, col) => Math.max(3, ...rows.map((row) => row[col].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, col) => cell.padEnd(widths[col])).join(' | ')} |`;
  return [line(rows[0]), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n');
}

/** `text` with the part between the markers replaced by `table`; throws when the markers are missing. */
export function withConfigTable(text: string, table: string): string {
  const start = text.indexOf(CONFIG_TABLE_START);
  const end = text.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) throw new Error(`no ${CONFIG_TABLE_START} … ${CONFIG_TABLE_END} section`);
  return `${text.slice(0, start + CONFIG_TABLE_START.length)}\n\n${table}\n\n${text.slice(end)}`;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
