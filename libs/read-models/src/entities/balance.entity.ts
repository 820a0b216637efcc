import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Read model (migration 0002): balances in smallest units. `address` and `asset` are lower-case;
 * `asset` is 'native' or a contract. Written only by the balances projection's bulk upsert.
 */
@Entity({ name: 'balances' })
export class BalanceEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'balances_pkey' })
  chain!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'balances_pkey' })
  address!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'balances_pkey' })
  asset!: string;

  @Column({ type: 'numeric' })
  amount!: string;
}
