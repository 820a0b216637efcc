import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The deliveries log (migration 0400): one row per attempt at a delivery. */
@Entity({ name: 'webhook_delivery_attempts' })
export class DeliveryAttemptEntity {
  @PrimaryColumn({
    name: 'event_id',
    type: 'uuid',
    primaryKeyConstraintName: 'webhook_delivery_attempts_pkey',
  })
  eventId!: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'webhook_delivery_attempts_pkey' })
  attempt!: number;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt!: Date;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  @Column({ name: 'http_status', type: 'integer', nullable: true })
  httpStatus!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'boolean' })
  succeeded!: boolean;
}
