import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The webhook saga's view of subscriptions in `$all` order (migration 0400), written with the saga's
 * checkpoint: what a transfer at a given global position matches.
 */
@Entity({ name: 'webhook_saga_subscriptions' })
@Index('webhook_saga_subscriptions_by_address', ['chain', 'address'])
export class SagaSubscriptionEntity {
  @PrimaryColumn({
    name: 'subscription_id',
    type: 'uuid',
    primaryKeyConstraintName: 'webhook_saga_subscriptions_pkey',
  })
  subscriptionId!: string;

  @Column({ type: 'text' })
  chain!: string;

  /** Lower-case. */
  @Column({ type: 'text' })
  address!: string;

  @Column({ name: 'event_kinds', type: 'text', array: true })
  eventKinds!: string[];

  @Column({ type: 'text' })
  status!: string;
}
