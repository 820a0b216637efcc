import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The price cache (migration 0500): the latest price of each symbol in each base, as read from a
 * source. Its history is the `price-<SYMBOL>` event stream; this table only answers "now" fast.
 */
@Entity({ name: 'prices' })
export class PriceEntity {
  /** Upper-case. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'prices_pkey' })
  symbol!: string;

  /** Upper-case ISO 4217 code (or any quote symbol a feed names). */
  @PrimaryColumn({ name: 'base_pair', type: 'text', primaryKeyConstraintName: 'prices_pkey' })
  basePair!: string;

  /** Exact; never a float. */
  @Column({ type: 'numeric' })
  value!: string;

  @Column({ type: 'text' })
  source!: string;

  /** When the source set the price. */
  @Column({ name: 'observed_at', type: 'timestamptz' })
  observedAt!: Date;

  /** When this service last read it: the time to live counts from here. */
  @Column({ name: 'refreshed_at', type: 'timestamptz' })
  refreshedAt!: Date;
}
