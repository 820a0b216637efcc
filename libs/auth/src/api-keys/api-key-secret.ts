import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'cw_';

/** A new random key: `cw_` and 256 bits in base64url. */
export function generateApiKey(): string {
  return `${PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Keys are stored only as this hex SHA-256; a key is high-entropy, so no salt or slow hash is needed. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
