import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Read model (projection webhook-deliveries, migrations 0400 and 0401): one row per delivery stream
 * and its due time. `leaseUntil` and `leaseOwner` are the only columns the dispatcher writes: a claimed
 * attempt is in flight until then, or until its owner's heartbeat goes stale (docs/architecture.md §8).
 */
@Entity({ name: 'webhook_deliveries' })
@Index('webhook_deliveries_due', ['nextAttemptAt'], { where: "status = 'pending'" })
// A DESC index (see the migration): TypeORM cannot express the order, so it only knows the name.
@Index('webhook_deliveries_by_subscription', { synchronize: false })
export class DeliveryEntity {
  @PrimaryColumn({ name: 'event_id', type: 'uuid', primaryKeyConstraintName: 'webhook_deliveries_pkey' })
  eventId!: string;

  @Column({ name: 'subscription_id', type: 'uuid' })
  subscriptionId!: string;

  /** pending | held | succeeded | abandoned. */
  @Column({ type: 'text' })
  status!: string;

  /** Attempts made so far. */
  @Column({ type: 'integer' })
  attempts!: number;

  /** Due time while pending. */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  /** The exact bytes sent and signed. */
  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'status_reason', type: 'text', nullable: true })
  statusReason!: string | null;

  /** Delivery stream revision folded into this row. */
  @Column({ type: 'bigint' })
  version!: string;

  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'lease_owner', type: 'uuid', nullable: true })
  leaseOwner!: string | null;
}
