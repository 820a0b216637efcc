/**
 * npm run lint:openapi — the API's OpenAPI document, built in this process as the server serves it
 * (createApiApp: the same module and docs options, on an embedded PGlite database with no chain),
 * written to a temporary file and linted with redocly's recommended rules. Exits with redocly's status.
 * Telemetry and the update check are off: the lint does not reach the network.
 * `--write <file>` also keeps a copy of the linted document there.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, silentLogger, webhookSettings } from '@chainwire/core';
import { RELATIONAL_SCHEMA } from '@chainwire/composition';
import { PostgresEventStore } from '@chainwire/event-store';
import { webhooksConfig } from '@chainwire/webhooks';
import { createApiApp } from '../apps/server/src/api/create-api-app';

const REDOCLY = join(__dirname, '..', 'node_modules', '.bin', 'redocly');

async function servedDocument(dir: string): Promise<string> {
  const db = await openDatabase({ schema: RELATIONAL_SCHEMA });
  await migrate(db);
  const eventStore = new PostgresEventStore(db.pool);
  const webhooks = webhooksConfig(
    { ...webhookSettings({}), secretKey: randomBytes(32) },
    { dataDir: dir, standalone: true },
  );
  const app = await createApiApp({ db, eventStore, logger: silentLogger, webhooks });
  try {
    const res = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /docs/openapi.json answered ${res.statusCode}`);
    return res.body;
  } finally {
    await app.close();
    await eventStore.close();
    await db.close();
  }
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    const document = await servedDocument(dir);
    writeFileSync(file, document);
    const keep = process.argv.indexOf('--write');
    if (keep !== -1 && process.argv[keep + 1]) writeFileSync(process.argv[keep + 1], document);
    const lint = spawnSync(REDOCLY, ['lint', '--extends=recommended', '--format=stylish', file], {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    if (lint.error) throw lint.error;
    return lint.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
