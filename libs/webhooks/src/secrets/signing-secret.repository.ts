import type { DataSource } from 'typeorm';
import { SigningSecretEntity } from '../entities/signing-secret.entity';
import type { SecretBox } from './secret-box';

export interface StoredSecret {
  readonly version: number;
  readonly sealed: Buffer;
  readonly keyId: string;
}

/** Stores the sealed secret unless the key has one; returns false when it already had one. */
export async function insertSigningSecret(
  dataSource: DataSource,
  box: SecretBox,
  apiKeyId: string,
  secret: string,
): Promise<boolean> {
  const inserted = await dataSource
    .getRepository(SigningSecretEntity)
    .createQueryBuilder()
    .insert()
    .values({ apiKeyId, version: 1, sealed: box.seal(secret, apiKeyId), keyId: box.keyId })
    .orIgnore()
    .returning(['apiKeyId'])
    .updateEntity(false)
    .execute();
  return (inserted.raw as unknown[]).length === 1;
}

/** Replaces the secret; returns its new version, or null when the key has none. */
export async function replaceSigningSecret(
  dataSource: DataSource,
  box: SecretBox,
  apiKeyId: string,
  secret: string,
): Promise<number | null> {
  const updated = await dataSource
    .getRepository(SigningSecretEntity)
    .createQueryBuilder()
    .update()
    .set({
      sealed: box.seal(secret, apiKeyId),
      keyId: box.keyId,
      version: () => 'version + 1',
      rotatedAt: () => 'now()',
    })
    .where({ apiKeyId })
    .returning(['version'])
    .updateEntity(false)
    .execute();
  return (updated.raw as { version: number }[])[0]?.version ?? null;
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
