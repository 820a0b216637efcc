/**
 * npm run docs:config — the README's configuration table, generated from the configuration schema
 * (libs/core/src/config: each variable's default and description). Prints the table; `--write` puts it
 * into README.md between the config-table markers instead. test/build/config-table.spec.ts fails when
 * the README's copy differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configTable, PROJECT_ROOT, withConfigTable } from '@chainwire/core';

const README = join(PROJECT_ROOT, 'README.md');

if (process.argv.includes('--write')) {
  writeFileSync(README, withConfigTable(readFileSync(README, 'utf8'), configTable()));
} else {
  process.stdout.write(`${configTable()}\n`);
}
