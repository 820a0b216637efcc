import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { ApiKeyEntity } from '@chainwire/auth';

/**
 * One signing secret per API key (migration 0400), AES-256-GCM encrypted with WEBHOOK_SECRET_KEY:
 * sealed = iv(12) || tag(16) || ciphertext. `keyId` names the encryption key, so a wrong key fails loudly.
 */
@Entity({ name: 'webhook_signing_secrets' })
export class SigningSecretEntity {
  @PrimaryColumn({
    name: 'api_key_id',
    type: 'uuid',
    primaryKeyConstraintName: 'webhook_signing_secrets_pkey',
  })
  apiKeyId!: string;

  /** 1 when provisioned, +1 per rotation. */
  @Column({ type: 'integer' })
  version!: number;

  @Column({ type: 'bytea' })
  sealed!: Buffer;

  @Column({ name: 'key_id', type: 'text' })
  keyId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'rotated_at', type: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;

  /** The foreign key to `api_keys`; never loaded. */
  @OneToOne(() => ApiKeyEntity)
  @JoinColumn({
    name: 'api_key_id',
    referencedColumnName: 'id',
    foreignKeyConstraintName: 'webhook_signing_secrets_api_key_id_fkey',
  })
  apiKey?: ApiKeyEntity;
}
