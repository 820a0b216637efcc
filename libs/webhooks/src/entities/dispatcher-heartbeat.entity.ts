import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A running dispatcher's liveness (migration 0401), refreshed every second: a delivery leased by an
 * owner whose heartbeat is stale may be claimed again without waiting for its lease to end.
 */
@Entity({ name: 'webhook_dispatchers' })
export class DispatcherHeartbeatEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'webhook_dispatchers_pkey' })
  id!: string;

  @Column({ name: 'started_at', type: 'timestamptz', default: () => 'now()' })
  startedAt!: Date;

  @Column({ name: 'heartbeat_at', type: 'timestamptz', default: () => 'now()' })
  heartbeatAt!: Date;
}
