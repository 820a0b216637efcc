import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadOrCreateSecretKey, SecretBox, SecretKeyMismatchError, SECRET_KEY_FILE } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips and never stores the clear text', () => {
    const sealed = box.seal('whsec_c2VjcmV0', 'key-1');
    expect(sealed.toString('latin1')).not.toContain('whsec_');
    expect(box.open(sealed, 'key-1', box.keyId)).toBe('whsec_c2VjcmV0');
  });

  it('rejects a sealed value moved to another row, or tampered with', () => {
    const sealed = box.seal('whsec_c2VjcmV0', 'key-1');
    expect(() => box.open(sealed, 'key-2', box.keyId)).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    expect(() => box.open(tampered, 'key-1', box.keyId)).toThrow();
  });

  it('names a wrong key as such', () => {
    const other = new SecretBox(randomBytes(32));
    expect(() => other.open(box.seal('x', 'k'), 'k', box.keyId)).toThrow(SecretKeyMismatchError);
  });

  it('accepts base64 or hex keys of 32 bytes only', () => {
    const key = randomBytes(32);
    expect(SecretBox.fromEncoded(key.toString('base64')).keyId).toBe(
      SecretBox.fromEncoded(key.toString('hex')).keyId,
    );
    expect(() => SecretBox.fromEncoded(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });

  it('generates the standalone key once into the data directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhook-key-'));
    const first = loadOrCreateSecretKey(dir);
    const second = loadOrCreateSecretKey(dir);
    expect(second.keyId).toBe(first.keyId);
    expect(readFileSync(join(dir, SECRET_KEY_FILE), 'utf8').trim()).toHaveLength(44);
    expect(statSync(join(dir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
  });
});
