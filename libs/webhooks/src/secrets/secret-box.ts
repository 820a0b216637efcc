import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { decodeWebhookSecretKey } from '@chainwire/core';

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;
export const SECRET_KEY_FILE = 'webhook-secret.key';

/** The encryption key is wrong for this row (another deployment's key, or a rotated key not configured). */
export class SecretKeyMismatchError extends Error {
  constructor() {
    super('Stored signing secret was sealed with another WEBHOOK_SECRET_KEY');
    this.name = 'SecretKeyMismatchError';
  }
}

/**
 * AES-256-GCM for secrets at rest. Sealed form: iv(12) || tag(16) || ciphertext; the row also keeps
 * `keyId` so that a wrong key is reported as such rather than as a failed authentication.
 */
export class SecretBox {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== SECRET_KEY_BYTES) throw new Error(`The secret key must be ${SECRET_KEY_BYTES} bytes`);
    this.keyId = createHash('sha256').update('webhook-secret-key').update(key).digest('hex').slice(0, 16);
  }

  /** From WEBHOOK_SECRET_KEY: base64 or hex of 32 bytes. */
  static fromEncoded(encoded: string): SecretBox {
    return new SecretBox(decodeKey(encoded));
  }

  seal(plaintext: string, associated: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(associated));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  /** `associated` binds the ciphertext to its row (the api key id): a sealed value moved to another row fails. */
  open(sealed: Buffer, associated: string, keyId: string): string {
    if (keyId !== this.keyId) throw new SecretKeyMismatchError();
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(associated));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** The same encodings as WEBHOOK_SECRET_KEY (core config): base64, base64url or 64 hex digits of 32 bytes. */
export function decodeKey(encoded: string): Buffer {
  const key = decodeWebhookSecretKey(encoded);
  if (!key) throw new Error(`The webhook secret key must encode ${SECRET_KEY_BYTES} bytes (base64 or hex)`);
  return key;
}

/** Standalone mode: the key generated once into `<dataDir>/webhook-secret.key` (mode 0600) and reused after. */
export function loadOrCreateSecretKey(dataDir: string): SecretBox {
  const path = join(dataDir, SECRET_KEY_FILE);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    // 'wx' fails if another process created it meanwhile; then that one's key is read below.
    try {
      writeFileSync(path, randomBytes(SECRET_KEY_BYTES).toString('base64') + '\n', {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return SecretBox.fromEncoded(readFileSync(path, 'utf8'));
}
