import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureApiKey, generateApiKey, TOP_PLAN } from '@chainwire/auth';
import type { AppConfig, Database, Logger } from '@chainwire/core';

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

/**
 * The key the startup line shows: DEV_API_KEY, or on an embedded install the one kept in DATA_DIR,
 * stored with the top plan if new. A revoked key stays revoked and is not shown.
 */
export async function ensureDevApiKey(
  config: AppConfig,
  db: Database,
  logger: Logger,
): Promise<string | undefined> {
  const key = config.devApiKey || (db.embedded ? readOrCreateDevApiKey(config.dataDir) : undefined);
  if (key && (await ensureApiKey(db.dataSource, key, TOP_PLAN)).revoked) {
    logger.warn('DEV_API_KEY names a revoked key: it stays revoked (create another with cli keys create)');
    return undefined;
  }
  return key;
}

/**
 * The dev key as the startup line names it: never in full, since logs are collected and kept where the
 * key is not (docs/architecture.md §9). Its first and last characters tell keys apart; the full key is
 * in DATA_DIR's file (owner-readable only) or in DEV_API_KEY, where the operator put it.
 */
export function describeDevApiKey(
  key: string | undefined,
  config: Pick<AppConfig, 'devApiKey' | 'dataDir'>,
): string {
  if (!key) return '(none; cli keys create --plan <plan>)';
  const shown = key.length > 12 ? `${key.slice(0, 6)}…${key.slice(-4)}` : '…';
  return config.devApiKey
    ? `${shown} (DEV_API_KEY)`
    : `${shown} (in full: ${join(config.dataDir, DEV_API_KEY_FILE)})`;
}
