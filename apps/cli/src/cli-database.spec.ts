import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppConfig, publishEmbeddedEndpoint } from '@chainwire/core';
import { openCliDatabase } from './cli-database';
import { CliUsageError } from './cli-output';

describe('openCliDatabase', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cli-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses an embedded database a running server holds', async () => {
    const withdraw = publishEmbeddedEndpoint(dataDir, 'postgres://postgres@127.0.0.1:1/postgres');
    try {
      await expect(openCliDatabase({ dataDir } as AppConfig)).rejects.toThrow(CliUsageError);
      await expect(openCliDatabase({ dataDir } as AppConfig)).rejects.toThrow(/stop it first/);
    } finally {
      withdraw();
    }
  });
});
