import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Circuit-breaker input (migration 0400): the current streak of failed attempts per subscription. */
@Entity({ name: 'webhook_subscription_health' })
export class SubscriptionHealthEntity {
  @PrimaryColumn({
    name: 'subscription_id',
    type: 'uuid',
    primaryKeyConstraintName: 'webhook_subscription_health_pkey',
  })
  subscriptionId!: string;

  @Column({ name: 'consecutive_failures', type: 'integer' })
  consecutiveFailures!: number;

  @Column({ name: 'streak_started_at', type: 'timestamptz', nullable: true })
  streakStartedAt!: Date | null;
}
