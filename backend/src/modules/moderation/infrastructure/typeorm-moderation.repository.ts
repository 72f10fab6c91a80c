import { Injectable } from '@nestjs/common';
import { type AuditActor, idsTarget } from '../../../platform/audit/audit-entry.js';
import { AuditLog } from '../../../platform/audit/audit-log.js';
import { DomainError, notFound } from '../../../platform/domain-error.js';
import { isUniqueViolation } from '../../../platform/database/pg-errors.js';
import { Database, type Sql } from '../../../platform/database/sql.js';
import { Where } from '../../../platform/database/where.js';
import { mediaUrl } from '../../media/domain/media.js';
import type { Renditions } from '../../media/domain/renditions.js';
import { deliveryFields } from '../../media/dto/media-delivery.dto.js';
import { reachesThreshold, type ReporterStanding, reporterStanding } from '../domain/report.js';
import {
  type ModerationCriteria,
  ModerationRepository,
  type ModerationRow,
  type ModerationSortField,
  type NewReport,
} from '../moderation.repository.js';

interface Row {
  media_id: number;
  storage_key: string;
  mime_type: string;
  original_name: string;
  uploader_id: number;
  uploader_name: string;
  status: ModerationRow['status'];
  reports: number;
  counted_reports: number;
  standing: Partial<Record<ReporterStanding, number>>;
  kept_before: boolean;
  reasons: Record<string, number>;
  notes: string[];
  hidden: boolean;
  file_deleted: boolean;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  renditions: Renditions | null;
  first_reported_at: Date;
  last_reported_at: Date;
  decided_at: Date | null;
}

const toRow = (r: Row): ModerationRow => ({
  id: r.media_id,
  mediaUrl: mediaUrl(r.storage_key),
  mimeType: r.mime_type,
  originalName: r.original_name,
  uploaderId: r.uploader_id,
  uploaderName: r.uploader_name,
  reports: r.reports,
  countedReports: r.counted_reports,
  reporters: { saved: r.standing.saved ?? 0, established: r.standing.established ?? 0, new: r.standing.new ?? 0 },
  keptBefore: r.kept_before,
  reasons: r.reasons,
  notes: r.notes,
  hidden: r.hidden,
  fileDeleted: r.file_deleted,
  ...deliveryFields(r),
  status: r.status,
  firstReportedAt: new Date(r.first_reported_at).toISOString(),
  lastReportedAt: new Date(r.last_reported_at).toISOString(),
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
});

const ORDER: Record<ModerationSortField, string> = {
  reports: 'mo.reports',
  id: 'mo.media_id',
  lastReportedAt: 'mo.last_reported_at',
  firstReportedAt: 'mo.first_reported_at',
  decidedAt: 'mo.decided_at',
};

/**
 * A moderation row collects reports again after a decision, starting over (a ban keeps collecting);
 * `kept_before` stays once an operator kept the item.
 */
const REPORT_UPSERT = `
  INSERT INTO moderation AS mo (media_id, storage_key, mime_type, original_name, uploader_id, uploader_name,
                                status, decided_at, reports, reasons, notes, counted_reports, standing)
  VALUES ($1, $2, $3, $4, $5, $6,
          CASE WHEN $9::boolean THEN 'banned' ELSE 'open' END, CASE WHEN $9::boolean THEN now() END,
          1, jsonb_build_object($7::text, 1), CASE WHEN $8::text IS NULL THEN '{}'::text[] ELSE ARRAY[$8::text] END,
          $10::int, jsonb_build_object($11::text, 1))
  ON CONFLICT (media_id) DO UPDATE SET
    reports = CASE WHEN mo.status IN ('open', 'banned') THEN mo.reports + 1 ELSE 1 END,
    counted_reports = CASE WHEN mo.status IN ('open', 'banned') THEN mo.counted_reports + $10::int ELSE $10::int END,
    standing = CASE WHEN mo.status IN ('open', 'banned')
                 THEN mo.standing || jsonb_build_object($11::text, COALESCE((mo.standing ->> $11::text)::int, 0) + 1)
                 ELSE jsonb_build_object($11::text, 1) END,
    reasons = CASE WHEN mo.status IN ('open', 'banned')
                THEN mo.reasons || jsonb_build_object($7::text, COALESCE((mo.reasons ->> $7::text)::int, 0) + 1)
                ELSE jsonb_build_object($7::text, 1) END,
    notes = CASE WHEN mo.status IN ('open', 'banned') THEN mo.notes ELSE '{}'::text[] END || EXCLUDED.notes,
    first_reported_at = CASE WHEN mo.status IN ('open', 'banned') THEN mo.first_reported_at ELSE now() END,
    hidden_by_reports = mo.status IN ('open', 'banned') AND mo.hidden_by_reports,
    last_reported_at = now(),
    status = CASE WHEN mo.status = 'banned' THEN 'banned' ELSE 'open' END,
    decided_at = CASE WHEN mo.status = 'banned' THEN mo.decided_at END
  RETURNING counted_reports, hidden_by_reports, kept_before`;

@Injectable()
export class TypeormModerationRepository extends ModerationRepository {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
  ) {
    super();
  }

  report(r: NewReport): Promise<{ hid: boolean }> {
    return this.db.transaction(async (m) => {
      // the media row's lock orders parallel reports of one item: each sees the count the one before left
      const media = await m.one<{
        user_id: number;
        storage_key: string;
        mime_type: string;
        original_name: string;
        username: string;
        banned: boolean;
      }>(
        `SELECT m.user_id, m.storage_key, m.mime_type, m.original_name, u.username, u.banned_at IS NOT NULL AS banned
           FROM media m JOIN users u ON u.id = m.user_id WHERE m.id = $1 FOR NO KEY UPDATE OF m`,
        [r.mediaId],
      );
      if (!media) throw notFound('Media not found');
      if (media.user_id === r.userId)
        throw new DomainError('bad_request', 'You cannot report your own media', { error: 'own_media' });
      // the reporter's standing now (a saved account, or a session old enough that voted enough)
      const reporter = await m.one<{ saved: boolean; age_minutes: number; votes: number }>(
        `SELECT u.email_verified AS saved, floor(extract(epoch FROM now() - u.created_at) / 60)::int AS age_minutes,
                (SELECT count(*)::int FROM (SELECT 1 FROM votes WHERE user_id = u.id LIMIT $2) v) AS votes
           FROM users u WHERE u.id = $1`,
        [r.userId, Math.max(1, r.standingRule.minVotes)],
      );
      const standing = reporterStanding(
        { saved: reporter!.saved, ageMinutes: reporter!.age_minutes, votes: reporter!.votes },
        r.standingRule,
      );
      // counted: in good standing, and within its network's share of this round's counted reports
      let counted = standing !== 'new';
      if (counted && r.perNetwork > 0) {
        const same = await m.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM reports
            WHERE media_id = $1 AND counted AND dismissed_at IS NULL AND reporter_network = $2`,
          [r.mediaId, r.network],
        );
        counted = same!.n < r.perNetwork;
      }
      try {
        await m.write(
          `INSERT INTO reports (user_id, media_id, reason, note, reporter_network, standing, counted)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [r.userId, r.mediaId, r.reason, r.note, r.network, standing, counted],
        );
      } catch (err) {
        if (isUniqueViolation(err, 'reports_one_per_user'))
          throw new DomainError('conflict', 'You have already reported this media', { error: 'already_reported' });
        throw err;
      }
      const row = await m.one<{ counted_reports: number; hidden_by_reports: boolean; kept_before: boolean }>(
        REPORT_UPSERT,
        [
          r.mediaId,
          media.storage_key,
          media.mime_type,
          media.original_name,
          media.user_id,
          media.username,
          r.reason,
          r.note,
          media.banned,
          counted ? 1 : 0,
          standing,
        ],
      );
      // an item an operator kept goes back to the queue, never out of the pick by reports again
      if (row!.hidden_by_reports || row!.kept_before || !reachesThreshold(row!.counted_reports, r.hideAfter))
        return { hid: false };
      await m.write(`UPDATE moderation SET hidden_by_reports = true WHERE media_id = $1`, [r.mediaId]);
      await m.write(`UPDATE media SET hidden = true WHERE id = $1 AND NOT hidden`, [r.mediaId]);
      return { hid: true };
    });
  }

  async list(c: ModerationCriteria) {
    const where = new Where().and(c.status === 'open' ? `mo.status = 'open'` : `mo.status <> 'open'`);
    if (c.ids) where.and(`mo.media_id = ANY(${where.param(c.ids)}::int[])`);
    const count = await this.db.one<{ total: number }>(
      `SELECT count(*)::int AS total FROM moderation mo ${where.sql}`,
      where.params,
    );
    const rows = await this.db.rows<Row>(
      `SELECT mo.media_id, mo.storage_key, mo.mime_type, mo.original_name, mo.uploader_id,
              COALESCE(u.username, mo.uploader_name) AS uploader_name, mo.status, mo.reports, mo.reasons, mo.notes,
              mo.counted_reports, mo.standing, mo.kept_before,
              COALESCE(m.hidden, false) AS hidden, m.id IS NULL AS file_deleted, mo.first_reported_at, mo.last_reported_at, mo.decided_at,
              m.width, m.height, m.placeholder, m.renditions
         FROM moderation mo
         LEFT JOIN media m ON m.id = mo.media_id
         LEFT JOIN users u ON u.id = mo.uploader_id
        ${where.sql}
        ORDER BY ${ORDER[c.sort.field]} ${c.sort.order} NULLS LAST, mo.media_id ${c.sort.order}
        LIMIT ${where.param(c.limit)} OFFSET ${where.param(c.offset)}`,
      where.params,
    );
    return { rows: rows.map(toRow), total: Number(count?.total ?? 0) };
  }

  keep(ids: readonly number[], actor: AuditActor): Promise<number[]> {
    return this.db.transaction(async (m) => {
      // an item that still exists and was reported; a kept one may be kept again (nothing changes)
      const kept = await this.ids(
        m,
        `UPDATE moderation mo SET status = 'kept', decided_at = now(), hidden_by_reports = false, kept_before = true
          WHERE mo.media_id = ANY($1::int[]) AND mo.status <> 'deleted'
            AND EXISTS (SELECT 1 FROM media WHERE id = mo.media_id)
          RETURNING mo.media_id AS id`,
        [[...ids]],
      );
      await m.write(
        `UPDATE reports SET dismissed_at = now() WHERE media_id = ANY($1::int[]) AND dismissed_at IS NULL`,
        [kept],
      );
      // visible again unless its owner is banned
      await m.write(
        `UPDATE media m SET hidden = u.banned_at IS NOT NULL FROM users u
          WHERE m.id = ANY($1::int[]) AND u.id = m.user_id AND m.hidden <> (u.banned_at IS NOT NULL)`,
        [kept],
      );
      await this.audit.record(
        {
          actor,
          action: 'moderation.keep',
          target: idsTarget('media', kept),
          outcome: 'ok',
          detail: this.missing(ids, kept),
        },
        m,
      );
      return kept;
    });
  }

  ban(ids: readonly number[], deleteMedia: boolean, actor: AuditActor): Promise<number[]> {
    return this.db.transaction(async (m) => {
      const banned = await this.ids(
        m,
        `UPDATE users SET banned_at = COALESCE(banned_at, now()) WHERE id = ANY($1::int[]) RETURNING id`,
        [[...ids]],
      );
      await m.write(`UPDATE media SET hidden = true WHERE user_id = ANY($1::int[]) AND NOT hidden`, [banned]);
      await m.write(
        `UPDATE moderation SET status = 'banned', decided_at = now() WHERE uploader_id = ANY($1::int[]) AND status = 'open'`,
        [banned],
      );
      await this.audit.record(
        {
          actor,
          action: 'user.ban',
          target: idsTarget('user', banned),
          outcome: 'ok',
          detail:
            [deleteMedia ? 'with all their media deleted' : '', this.missing(ids, banned) ?? '']
              .filter(Boolean)
              .join('; ') || undefined,
        },
        m,
      );
      return banned;
    });
  }

  unban(ids: readonly number[], actor: AuditActor): Promise<number[]> {
    return this.db.transaction(async (m) => {
      const unbanned = await this.ids(m, `UPDATE users SET banned_at = NULL WHERE id = ANY($1::int[]) RETURNING id`, [
        [...ids],
      ]);
      // the rows a ban closed are open again: their reports still wait for a decision
      await m.write(
        `UPDATE moderation SET status = 'open', decided_at = NULL WHERE uploader_id = ANY($1::int[]) AND status = 'banned'`,
        [unbanned],
      );
      await m.write(
        `UPDATE media m SET hidden = EXISTS (SELECT 1 FROM moderation mo
                                              WHERE mo.media_id = m.id AND mo.status = 'open' AND mo.hidden_by_reports)
          WHERE m.user_id = ANY($1::int[]) AND m.hidden`,
        [unbanned],
      );
      await this.audit.record(
        {
          actor,
          action: 'user.unban',
          target: idsTarget('user', unbanned),
          outcome: 'ok',
          detail: this.missing(ids, unbanned),
        },
        m,
      );
      return unbanned;
    });
  }

  async mediaOf(userIds: readonly number[]): Promise<number[]> {
    const rows = await this.db.rows<{ id: number }>(`SELECT id FROM media WHERE user_id = ANY($1::int[])`, [
      [...userIds],
    ]);
    return rows.map((r) => r.id);
  }

  private async ids(m: Sql, sql: string, params: unknown[]): Promise<number[]> {
    const rows = await m.rows<{ id: number }>(sql, params);
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  private missing(asked: readonly number[], found: readonly number[]): string | undefined {
    const gone = [...new Set(asked)].filter((id) => !found.includes(id)).sort((a, b) => a - b);
    return gone.length ? `not found: ${gone.join(', ')}` : undefined;
  }
}
