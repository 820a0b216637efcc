import type { Pool } from 'pg';
import type { SecretBox } from './secret-box';

export interface StoredSecret {
  readonly version: number;
  readonly sealed: Buffer;
  readonly keyId: string;
}

/** Stores the sealed secret unless the key has one; returns false when it already had one. */
export async function insertSigningSecret(
  pool: Pool,
  box: SecretBox,
  apiKeyId: string,
  secret: string,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `INSERT INTO webhook_signing_secrets (api_key_id, version, sealed, key_id) VALUES ($1, 1, $2, $3)
     ON CONFLICT (api_key_id) DO NOTHING`,
    [apiKeyId, box.seal(secret, apiKeyId), box.keyId],
  );
  return rowCount === 1;
}

/** Replaces the secret; returns its new version, or null when the key has none. */
export async function replaceSigningSecret(
  pool: Pool,
  box: SecretBox,
  apiKeyId: string,
  secret: string,
): Promise<number | null> {
  const { rows } = await pool.query<{ version: number }>(
    `UPDATE webhook_signing_secrets SET sealed = $2, key_id = $3, version = version + 1, rotated_at = now()
      WHERE api_key_id = $1 RETURNING version`,
    [apiKeyId, box.seal(secret, apiKeyId), box.keyId],
  );
  return rows[0]?.version ?? null;
}

/** Opens secrets by (api key, version), caching the clear value per version so a rotation is seen at once. */
export class SigningSecretCache {
  private readonly opened = new Map<string, string>();

  constructor(private readonly box: SecretBox) {}

  open(apiKeyId: string, stored: StoredSecret): string {
    const cacheKey = `${apiKeyId}|${stored.version}|${stored.keyId}`;
    let secret = this.opened.get(cacheKey);
    if (secret === undefined) {
      secret = this.box.open(stored.sealed, apiKeyId, stored.keyId);
      if (this.opened.size > 10_000) this.opened.clear();
      this.opened.set(cacheKey, secret);
    }
    return secret;
  }
}
