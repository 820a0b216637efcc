import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A subscription's webhook URL, sealed (migration 0730): AES-256-GCM under WEBHOOK_SECRET_KEY with the
 * subscription id as associated data, so a row copied to another subscription does not open. Written by
 * the command that requests the subscription, before its event; deleted with the subscription.
 */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpointEntity {
  @PrimaryColumn({
    name: 'subscription_id',
    type: 'uuid',
    primaryKeyConstraintName: 'webhook_endpoints_pkey',
  })
  subscriptionId!: string;

  @Column({ type: 'bytea' })
  sealed!: Buffer;

  @Column({ name: 'key_id', type: 'text' })
  keyId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
