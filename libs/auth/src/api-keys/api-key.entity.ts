import { Check, Column, CreateDateColumn, Entity, PrimaryColumn, Unique } from 'typeorm';

/**
 * A row of `api_keys` (migration 0200, docs/architecture.md §7): only the SHA-256 of a key is stored;
 * the key itself is shown once at creation. `plan` fixes which chain tiers the key may use.
 */
@Entity({ name: 'api_keys' })
@Unique('api_keys_key_hash_key', ['keyHash'])
@Check('api_keys_plan_check', "plan IN ('free', 'pro', 'enterprise')")
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'api_keys_pkey' })
  id!: string;

  /** Hex sha256 of the key. */
  @Column({ name: 'key_hash', type: 'text' })
  keyHash!: string;

  @Column({ type: 'text' })
  plan!: string;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
