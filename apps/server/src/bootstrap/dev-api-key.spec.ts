import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_API_KEY_FILE, readOrCreateDevApiKey } from './dev-api-key';

describe('readOrCreateDevApiKey', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dev-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates a key once, owner-readable only, and reuses it', () => {
    const dataDir = join(dir, 'nested', 'data');
    const first = readOrCreateDevApiKey(dataDir);
    expect(first).toMatch(/^cw_/);
    expect(readOrCreateDevApiKey(dataDir)).toBe(first);
    const file = join(dataDir, DEV_API_KEY_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
