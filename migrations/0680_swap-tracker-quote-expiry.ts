import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The swap tracker's index of quoted transactions keeps each quote's expiry, so the tracker can drop
 * quotes no transaction can match any more (libs/swaps/src/tracking/swap-tracker.ts) instead of keeping
 * every quote ever made. Quotes already tracked take their expiry from the swaps read model; one it does
 * not hold yet keeps no expiry and is never dropped.
 */
export class SwapTrackerQuoteExpiry0000000000680 implements MigrationInterface {
  readonly name = 'SwapTrackerQuoteExpiry0000000000680';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE swap_tracker_quotes ADD COLUMN expires_at timestamptz;
      UPDATE swap_tracker_quotes t SET expires_at = s.expires_at FROM swaps s WHERE s.quote_id = t.quote_id;
      CREATE INDEX swap_tracker_quotes_expiry ON swap_tracker_quotes (chain, expires_at);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX swap_tracker_quotes_expiry;
      ALTER TABLE swap_tracker_quotes DROP COLUMN expires_at;
    `);
  }
}
