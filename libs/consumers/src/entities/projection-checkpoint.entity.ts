import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A consumer's last applied `$all` position (migration 0002), written in the same transaction as its
 * rows (docs/architecture.md §5). Positions are numeric: strings here, never JS numbers.
 */
@Entity({ name: 'projection_checkpoints' })
export class ProjectionCheckpointEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'projection_checkpoints_pkey' })
  name!: string;

  @Column({ name: 'commit_position', type: 'numeric' })
  commitPosition!: string;

  @Column({ name: 'prepare_position', type: 'numeric' })
  preparePosition!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
