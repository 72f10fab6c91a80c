import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports that cannot be brigaded (issue 20): each report keeps its reporter's network and
 * standing (a saved account, an established session, or a new one) and whether it counted toward
 * the hide threshold; the moderation row keeps the counted tally, the standing per kind, and
 * whether an operator ever kept the item (a kept item is never hidden by reports again). Existing
 * reports keep counting as they did.
 */
export class ReportStanding1764300100000 implements MigrationInterface {
  name = 'ReportStanding1764300100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE reports
        ADD COLUMN reporter_network text,
        ADD COLUMN standing text NOT NULL DEFAULT 'established' CHECK (standing IN ('saved', 'established', 'new')),
        ADD COLUMN counted boolean NOT NULL DEFAULT true`);
    await q.query(`
      ALTER TABLE moderation
        ADD COLUMN counted_reports integer NOT NULL DEFAULT 0 CHECK (counted_reports >= 0),
        ADD COLUMN standing jsonb NOT NULL DEFAULT '{}'::jsonb,
        ADD COLUMN kept_before boolean NOT NULL DEFAULT false`);
    await q.query(`
      UPDATE moderation SET counted_reports = reports, standing = jsonb_build_object('established', reports),
                            kept_before = status = 'kept'`);
    await q.query(
      `CREATE INDEX reports_counted_by_network ON reports (media_id, reporter_network) WHERE counted AND dismissed_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX reports_counted_by_network`);
    await q.query(`ALTER TABLE moderation DROP COLUMN counted_reports, DROP COLUMN standing, DROP COLUMN kept_before`);
    await q.query(`ALTER TABLE reports DROP COLUMN reporter_network, DROP COLUMN standing, DROP COLUMN counted`);
  }
}
