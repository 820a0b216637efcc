import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_API_KEY_FILE, describeDevApiKey, readOrCreateDevApiKey } from './dev-api-key';

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

describe('describeDevApiKey', () => {
  const key = 'cw_0123456789abcdefghijklmnopqrstuvwxyz';

  it('never shows the key in full, and says where it is', () => {
    const generated = describeDevApiKey(key, { dataDir: '/srv/data' });
    expect(generated).toBe('cw_012…wxyz (in full: /srv/data/dev-api-key)');
    expect(describeDevApiKey(key, { dataDir: '/srv/data', devApiKey: key })).toBe(
      'cw_012…wxyz (DEV_API_KEY)',
    );
    expect(describeDevApiKey('short-key', { dataDir: '/d', devApiKey: 'short-key' })).not.toContain(
      'short-key',
    );
    expect(describeDevApiKey(undefined, { dataDir: '/d' })).toMatch(/^\(none/);
  });
});
