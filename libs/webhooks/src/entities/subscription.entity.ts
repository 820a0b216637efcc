import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Read model (projection webhook-subscriptions, migration 0400): the folded state of each subscription stream. */
@Entity({ name: 'webhook_subscriptions' })
// A DESC index (see the migration): TypeORM cannot express the order, so it only knows the name.
@Index('webhook_subscriptions_by_key', { synchronize: false })
export class SubscriptionEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'webhook_subscriptions_pkey' })
  id!: string;

  @Column({ name: 'api_key_id', type: 'uuid' })
  apiKeyId!: string;

  @Column({ type: 'text' })
  chain!: string;

  /** Display form (EIP-55). */
  @Column({ type: 'text' })
  address!: string;

  /**
   * The webhook URL's origin (scheme, host, port) as SubscriptionRequested records it; the URL itself is
   * sealed in `webhook_endpoints` (migration 0730). Subscriptions requested before that hold their full URL.
   */
  @Column({ name: 'webhook_origin', type: 'text' })
  webhookOrigin!: string;

  @Column({ name: 'event_kinds', type: 'text', array: true })
  eventKinds!: string[];

  /** pending | active | failed | paused | deleted. */
  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'status_reason', type: 'text', nullable: true })
  statusReason!: string | null;

  @Column({ name: 'paused_until', type: 'timestamptz', nullable: true })
  pausedUntil!: Date | null;

  /** Stream revision folded into this row. */
  @Column({ type: 'bigint' })
  version!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
