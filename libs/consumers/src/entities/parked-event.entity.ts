import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An event a tenant-facing consumer could not handle after its retries (migration 0403,
 * docs/architecture.md §5): enough to find the event again, and the error it caused.
 */
@Entity({ name: 'parked_events' })
export class ParkedEventEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'parked_events_pkey' })
  consumer!: string;

  @PrimaryColumn({ name: 'event_id', type: 'text', primaryKeyConstraintName: 'parked_events_pkey' })
  eventId!: string;

  @Column({ name: 'stream_id', type: 'text' })
  streamId!: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType!: string;

  @Column({ name: 'position_commit', type: 'numeric' })
  positionCommit!: string;

  @Column({ name: 'position_prepare', type: 'numeric' })
  positionPrepare!: string;

  @Column({ type: 'text' })
  error!: string;

  @Column({ type: 'integer' })
  attempts!: number;

  @CreateDateColumn({ name: 'parked_at', type: 'timestamptz' })
  parkedAt!: Date;
}
