import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONFIG_TABLE_COMMAND,
  CONFIG_TABLE_END,
  CONFIG_TABLE_START,
  configRows,
  configTable,
  PROJECT_ROOT,
  withConfigTable,
} from '@chainwire/core';

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');

/** The README's configuration table is the schema's, generated (scripts/config-table.ts), never edited by hand. */
describe('the README configuration table', () => {
  it(`is the one the schema generates (run \`${CONFIG_TABLE_COMMAND}\` to regenerate it)`, () => {
    const expected = withConfigTable(readme, configTable());
    if (readme !== expected) {
      throw new Error(
        `README.md's configuration table differs from the schema's: run \`${CONFIG_TABLE_COMMAND}\` to regenerate it`,
      );
    }
  });

  it('sits between the markers, once', () => {
    expect(readme.split(CONFIG_TABLE_START)).toHaveLength(2);
    expect(readme.split(CONFIG_TABLE_END)).toHaveLength(2);
  });

  it('lists every variable once, each with a default and a description', () => {
    const rows = configRows();
    const names = rows.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    for (const [name, defaultText, description] of rows) {
      expect({ name, defaultText: defaultText.length > 0, description: description.length > 0 }).toEqual({
        name,
        defaultText: true,
        description: true,
      });
    }
  });
});
