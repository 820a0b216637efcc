import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateApiKey } from '@chainwire/auth';

export const DEV_API_KEY_FILE = 'dev-api-key';

/**
 * The dev key of a standalone (embedded-database) install: generated on the first boot into
 * DATA_DIR, readable by the owner only, and reused on every later boot.
 */
export function readOrCreateDevApiKey(dataDir: string): string {
  const file = join(dataDir, DEV_API_KEY_FILE);
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key !== '') return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = generateApiKey();
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
