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
import {
  afterReport,
  countsTowardHiding,
  isDecided,
  KEPT,
  type ModerationEvent,
  type ModerationState,
  type ModerationStatus,
  statusesFor,
  TRANSITIONS,
} from '../domain/moderation-state.js';
import { type ReporterStanding, reporterStanding } from '../domain/report.js';
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

/** A moderation row as the state machine reads it, locked. */
const STATE_COLUMNS = `status, reports, counted_reports, standing, reasons, notes, hidden_by_reports, kept_before`;
interface StateRow {
  status: ModerationStatus;
  reports: number;
  counted_reports: number;
  standing: ModerationState['standing'];
  reasons: ModerationState['reasons'];
  notes: string[];
  hidden_by_reports: boolean;
  kept_before: boolean;
}
const toState = (r: StateRow): ModerationState => ({
  status: r.status,
  reports: r.reports,
  countedReports: r.counted_reports,
  standing: r.standing,
  reasons: r.reasons,
  notes: r.notes,
  hiddenByReports: r.hidden_by_reports,
  keptBefore: r.kept_before,
});

/**
 * The parameters that apply the domain's transition table for `event` to many rows in one
 * statement: `status = $map::jsonb ->> status` on the rows whose status is in `$from`.
 */
const transition = (event: ModerationEvent) => ({
  map: JSON.stringify(TRANSITIONS[event]),
  from: statusesFor(event),
});

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
      let counted = countsTowardHiding(standing, 0, r.perNetwork);
      if (counted && r.perNetwork > 0) {
        const same = await m.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM reports
            WHERE media_id = $1 AND counted AND dismissed_at IS NULL AND reporter_network = $2`,
          [r.mediaId, r.network],
        );
        counted = countsTowardHiding(standing, same!.n, r.perNetwork);
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
      // the media row's lock already orders reports of this item; FOR UPDATE also orders them with keep and ban
      const current = await m.one<StateRow>(`SELECT ${STATE_COLUMNS} FROM moderation WHERE media_id = $1 FOR UPDATE`, [
        r.mediaId,
      ]);
      const { next, newRound, hid } = afterReport(
        current ? toState(current) : null,
        { reason: r.reason, note: r.note, standing, counted },
        { ownerBanned: media.banned, hideAfter: r.hideAfter },
      );
      const values = [
        r.mediaId,
        next.status,
        next.reports,
        next.countedReports,
        JSON.stringify(next.standing),
        JSON.stringify(next.reasons),
        next.notes,
        next.hiddenByReports,
        next.keptBefore,
      ];
      if (!current)
        await m.write(
          `INSERT INTO moderation (media_id, status, reports, counted_reports, standing, reasons, notes,
                                   hidden_by_reports, kept_before, decided_at, first_reported_at, last_reported_at,
                                   storage_key, mime_type, original_name, uploader_id, uploader_name)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::text[], $8, $9,
                   CASE WHEN $10::boolean THEN now() END, now(), now(), $11, $12, $13, $14, $15)`,
          [
            ...values,
            isDecided(next.status),
            media.storage_key,
            media.mime_type,
            media.original_name,
            media.user_id,
            media.username,
          ],
        );
      else
        await m.write(
          `UPDATE moderation SET status = $2, reports = $3, counted_reports = $4, standing = $5::jsonb,
                  reasons = $6::jsonb, notes = $7::text[], hidden_by_reports = $8, kept_before = $9,
                  decided_at = CASE WHEN $10::boolean THEN COALESCE(decided_at, now()) END,
                  first_reported_at = CASE WHEN $11::boolean THEN now() ELSE first_reported_at END,
                  last_reported_at = now()
            WHERE media_id = $1`,
          [...values, isDecided(next.status), newRound],
        );
      if (hid) await m.write(`UPDATE media SET hidden = true WHERE id = $1 AND NOT hidden`, [r.mediaId]);
      return { hid };
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
      await this.lockMedia(m, `id = ANY($1::int[])`, [[...ids]]);
      // an item that still exists and was reported, in a status a keep applies to (afterKeep, in one statement)
      const keep = transition('keep');
      const kept = await this.ids(
        m,
        `UPDATE moderation mo SET status = $2::jsonb ->> mo.status, decided_at = now(),
                                  hidden_by_reports = $4, kept_before = $5
          WHERE mo.media_id = ANY($1::int[]) AND mo.status = ANY($3::text[])
            AND EXISTS (SELECT 1 FROM media WHERE id = mo.media_id)
          RETURNING mo.media_id AS id`,
        [[...ids], keep.map, keep.from, KEPT.hiddenByReports, KEPT.keptBefore],
      );
      await m.write(
        `UPDATE reports SET dismissed_at = now() WHERE media_id = ANY($1::int[]) AND dismissed_at IS NULL`,
        [kept],
      );
      // visible again unless its owner is banned (mediaHidden: kept rows are not hidden by reports)
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
      await this.lockMedia(m, `user_id = ANY($1::int[])`, [banned]);
      // mediaHidden: a banned owner's media is out of the pick
      await m.write(`UPDATE media SET hidden = true WHERE user_id = ANY($1::int[]) AND NOT hidden`, [banned]);
      const ban = transition('ban');
      await m.write(
        `UPDATE moderation SET status = $2::jsonb ->> status, decided_at = now()
          WHERE uploader_id = ANY($1::int[]) AND status = ANY($3::text[])`,
        [banned, ban.map, ban.from],
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
      await this.lockMedia(m, `user_id = ANY($1::int[])`, [unbanned]);
      // the rows a ban closed are open again: their reports still wait for a decision
      const unban = transition('unban');
      await m.write(
        `UPDATE moderation SET status = $2::jsonb ->> status, decided_at = NULL
          WHERE uploader_id = ANY($1::int[]) AND status = ANY($3::text[])`,
        [unbanned, unban.map, unban.from],
      );
      // mediaHidden with the owner no longer banned: hidden while reports of an open round hid it
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

  /**
   * Locks the media rows a decision touches, in id order, before their moderation rows: a report
   * locks its item and then the moderation row, so a decision taking them the other way round
   * deadlocked with it (PostgreSQL aborted one side with a 500).
   */
  private async lockMedia(m: Sql, where: string, params: unknown[]): Promise<void> {
    await m.rows(`SELECT id FROM media WHERE ${where} ORDER BY id FOR NO KEY UPDATE`, params);
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
