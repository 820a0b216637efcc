import { CreateDateColumn, Entity, PrimaryColumn, Unique, Column } from 'typeorm';

/**
 * At most one live subscription per (api key, chain, address) (migration 0400): the claim is taken
 * before the subscription's first event is appended and released after its deletion is.
 */
@Entity({ name: 'webhook_subscription_claims' })
@Unique('webhook_subscription_claims_subscription_id_key', ['subscriptionId'])
export class SubscriptionClaimEntity {
  @PrimaryColumn({
    name: 'api_key_id',
    type: 'uuid',
    primaryKeyConstraintName: 'webhook_subscription_claims_pkey',
  })
  apiKeyId!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'webhook_subscription_claims_pkey' })
  chain!: string;

  /** Lower-case key form. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'webhook_subscription_claims_pkey' })
  address!: string;

  @Column({ name: 'subscription_id', type: 'uuid' })
  subscriptionId!: string;

  @CreateDateColumn({ name: 'claimed_at', type: 'timestamptz' })
  claimedAt!: Date;
}
