import { Injectable } from '@nestjs/common';
import { notFound, unauthenticated } from '../../../platform/domain-error.js';
import { isForeignKeyViolation } from '../../../platform/database/pg-errors.js';
import { retryOnDeadlock } from '../../../platform/database/retry-on-deadlock.js';
import { AuditLog } from '../../../platform/audit/audit-log.js';
import { type AuditEntry, idsTarget } from '../../../platform/audit/audit-entry.js';
import { Database, type Sql } from '../../../platform/database/sql.js';
import type { Media, NewMedia, OwnMedia } from '../domain/media.js';
import {
  type MadeRenditions,
  originalKeyOf,
  renditionFiles,
  type Renditions,
  type RenditionsState,
} from '../domain/renditions.js';
import { type DeleteAudit, MediaRepository } from '../media.repository.js';

/**
 * What the rendition backfill has left to do: never made, made or given up on by an older
 * pipeline (the upgrade), and when asked (`includeFailed`) the ones the current one gave up on.
 */
const toDo = (version: string, includeFailed: string) =>
  `(renditions_state = 'pending' OR renditions_version < ${version} OR (${includeFailed} AND renditions_state = 'failed'))`;

interface MediaRow {
  id: number;
  user_id: number;
  storage_key: string;
  original_name: string;
  mime_type: string;
  size: string | number;
  hot_votes: number;
  total_votes: number;
  total_views: number;
  uploaded_at: Date;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  renditions: Renditions | null;
  renditions_state: RenditionsState;
  renditions_version: number;
  hidden: boolean;
}

export const MEDIA_COLUMNS =
  'id, user_id, storage_key, original_name, mime_type, size, hot_votes, total_votes, total_views, uploaded_at, ' +
  'width, height, placeholder, renditions, renditions_state, renditions_version, hidden';

const PICKED_COLUMNS = MEDIA_COLUMNS.split(', ')
  .map((c) => `m.${c}`)
  .join(', ');

export const toMedia = (r: MediaRow): Media => ({
  id: r.id,
  userId: r.user_id,
  storageKey: r.storage_key,
  originalName: r.original_name,
  mimeType: r.mime_type,
  size: Number(r.size), // bigint arrives as a string
  hotVotes: r.hot_votes,
  totalVotes: r.total_votes,
  totalViews: r.total_views,
  uploadedAt: new Date(r.uploaded_at),
  width: r.width,
  height: r.height,
  placeholder: r.placeholder,
  renditions: typeof r.renditions === 'string' ? (JSON.parse(r.renditions) as Renditions) : r.renditions,
  renditionsState: r.renditions_state,
  renditionsVersion: r.renditions_version,
  hidden: r.hidden,
});

/** Every stored object of the deleted rows `gone` (originals and renditions), for orphan_objects. */
const GONE_OBJECTS = `SELECT storage_key FROM gone
  UNION ALL SELECT f.value ->> 'key' FROM gone, jsonb_each(COALESCE(gone.renditions, '{}'::jsonb)) f`;

const byNumber = (a: number, b: number) => a - b;

/** Rows one statement of withdrawOutdated() takes back to 'pending'. */
const WITHDRAW_BATCH = 5000;

/** The audit row of an operator's delete: the ids it removed, and the ids asked for that were gone already. */
function deleteEntry(audit: DeleteAudit, asked: readonly number[], gone: readonly Media[]): AuditEntry {
  const removed = new Set(gone.map((m) => m.id));
  const missing = asked.filter((id) => !removed.has(id)).sort(byNumber);
  return {
    actor: audit.actor,
    action: audit.action,
    outcome: 'ok',
    target: removed.size ? idsTarget('media', [...removed].sort(byNumber)) : 'media (none found)',
    detail:
      [audit.note, missing.length ? `not found: ${missing.join(', ')}` : ''].filter(Boolean).join('; ') || undefined,
  };
}

@Injectable()
export class TypeormMediaRepository extends MediaRepository {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
  ) {
    super();
  }

  private async one(sql: string, params: unknown[]): Promise<Media | null> {
    const rows: MediaRow[] = await this.db.rows(sql, params);
    return rows[0] ? toMedia(rows[0]) : null;
  }

  async expectObject(storageKey: string): Promise<void> {
    await this.db.rows(
      `INSERT INTO orphan_objects (storage_key, reason) VALUES ($1, 'upload')
       ON CONFLICT (storage_key) DO UPDATE SET reason = 'upload', created_at = now()`,
      [storageKey],
    );
  }

  async create(data: NewMedia): Promise<Media | null> {
    try {
      return await this.insert(data);
    } catch (err) {
      // the account was deleted while its upload was under way: the caller removes the object
      if (isForeignKeyViolation(err)) throw unauthenticated('Your account was deleted');
      throw err;
    }
  }

  private insert(data: NewMedia): Promise<Media | null> {
    // a key the user already used inserts nothing: the object stays noted and the caller removes it
    return this.one(
      `WITH ins AS (
         INSERT INTO media (user_id, storage_key, original_name, mime_type, size, upload_key, width, height, placeholder,
                            upload_address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (user_id, upload_key) WHERE upload_key IS NOT NULL DO NOTHING
         RETURNING ${MEDIA_COLUMNS}),
       settled AS (DELETE FROM orphan_objects WHERE storage_key = $2 AND EXISTS (SELECT 1 FROM ins))
       SELECT * FROM ins`,
      [
        data.userId,
        data.storageKey,
        data.originalName,
        data.mimeType,
        data.size,
        data.uploadKey ?? null,
        data.width ?? null,
        data.height ?? null,
        data.placeholder ?? null,
        data.uploadAddress ?? null,
      ],
    );
  }

  findByUploadKey(userId: number, uploadKey: string) {
    return this.one(`SELECT ${MEDIA_COLUMNS} FROM media WHERE user_id = $1 AND upload_key = $2`, [userId, uploadKey]);
  }

  findById(id: number) {
    return this.one(`SELECT ${MEDIA_COLUMNS} FROM media WHERE id = $1`, [id]);
  }

  findByStorageKey(storageKey: string) {
    return this.one(`SELECT ${MEDIA_COLUMNS} FROM media WHERE storage_key = $1`, [storageKey]);
  }

  async listByUser(userId: number): Promise<OwnMedia[]> {
    // the moderation row of a hidden item says whether reports hid it (a ban hides too, and is no review)
    const rows: Array<MediaRow & { under_review: boolean }> = await this.db.rows(
      `SELECT ${MEDIA_COLUMNS},
              hidden AND EXISTS (SELECT 1 FROM moderation mo
                                  WHERE mo.media_id = media.id AND mo.status = 'open' AND mo.hidden_by_reports) AS under_review
         FROM media WHERE user_id = $1 ORDER BY uploaded_at DESC, id DESC`,
      [userId],
    );
    return rows.map((r) => ({ ...toMedia(r), underReview: r.under_review }));
  }

  async findRandomFor(userId: number, excludeIds: readonly number[]): Promise<Media | null> {
    // pick_media() walks the user's lap over the random order (migration PickLaps1763849000000);
    // a function in FROM runs once
    const rows = await this.db.prepared<MediaRow>(
      'media-pick',
      `SELECT ${PICKED_COLUMNS} FROM pick_media($1, $2::int[]) AS p(id) JOIN media m ON m.id = p.id`,
      [userId, [...excludeIds]],
    );
    return rows[0] ? toMedia(rows[0]) : null;
  }

  async existsFromOthers(userId: number): Promise<boolean> {
    const rows = await this.db.prepared('media-others-exist', `SELECT 1 FROM media WHERE user_id <> $1 LIMIT 1`, [
      userId,
    ]);
    return rows.length > 0;
  }

  async recordView(userId: number, mediaId: number): Promise<boolean> {
    // one statement, so the view row and the counter can never disagree; own uploads are not counted
    let rows: Array<{ recorded: number; found: boolean }>;
    try {
      rows = await this.db.rows(
        `WITH ins AS (
           INSERT INTO views (user_id, media_id)
           SELECT $1, id FROM media WHERE id = $2 AND user_id <> $1
           ON CONFLICT DO NOTHING RETURNING media_id
         ), bumped AS (
           UPDATE media SET total_views = total_views + 1 WHERE id IN (SELECT media_id FROM ins) RETURNING id
         )
         SELECT (SELECT count(*)::int FROM bumped) AS recorded, EXISTS (SELECT 1 FROM media WHERE id = $2) AS found`,
        [userId, mediaId],
      );
    } catch (err) {
      if (isForeignKeyViolation(err)) throw notFound('Media not found'); // deleted meanwhile
      throw err;
    }
    if (!rows[0]?.found) throw notFound('Media not found');
    return rows[0].recorded > 0;
  }

  async deleteByIds(ids: readonly number[], audit?: DeleteAudit): Promise<Media[]> {
    if (!audit) return this.deleteRows(this.db, ids);
    // an operator's delete and its audit row commit together: the row names what the delete removed
    return this.db.transaction(async (tx) => {
      const gone = await this.deleteRows(tx, ids);
      await this.audit.record(deleteEntry(audit, ids, gone), tx);
      return gone;
    });
  }

  private async deleteRows(db: Sql, ids: readonly number[]): Promise<Media[]> {
    // the outer SELECT keeps the driver's answer a plain row list on both pg and PGlite
    const rows: MediaRow[] = await db.rows(
      `WITH gone AS (DELETE FROM media WHERE id = ANY($1::int[]) RETURNING ${MEDIA_COLUMNS}),
       noted AS (
         INSERT INTO orphan_objects (storage_key, reason) SELECT k, 'delete' FROM (${GONE_OBJECTS}) objects(k)
         ON CONFLICT (storage_key) DO UPDATE SET reason = 'delete', created_at = now()
       )
       SELECT * FROM gone`,
      [[...ids]],
    );
    return rows.map(toMedia);
  }

  async orphansBefore(olderThan: Date, limit: number): Promise<string[]> {
    const rows: { storage_key: string }[] = await this.db.rows(
      `SELECT storage_key FROM orphan_objects WHERE created_at < $1 ORDER BY created_at LIMIT $2`,
      [olderThan, limit],
    );
    return rows.map((r) => r.storage_key);
  }

  async expectObjects(keys: readonly string[]): Promise<void> {
    await this.db.rows(
      `INSERT INTO orphan_objects (storage_key, reason) SELECT k, 'upload' FROM unnest($1::varchar[]) k
       ON CONFLICT (storage_key) DO UPDATE SET reason = 'upload', created_at = now()`,
      [[...keys]],
    );
  }

  async saveRenditions(mediaId: number, storageKey: string, made: MadeRenditions): Promise<Renditions | null> {
    // the row takes its new files and gives up the ones they replace, in one statement: the old
    // files are noted for deletion, the new ones stop being orphans (a delete meanwhile keeps them noted).
    // The update joins `before`, so the row is read (and locked) before it changes: read after, in
    // the same statement, a row locked FOR UPDATE that the statement itself changed reads as none,
    // and the replaced files were never deleted.
    const files = renditionFiles(made.renditions).map((f) => f.key);
    const rows: Array<{ previous: Renditions | string | null }> = await this.db.rows(
      `WITH before AS (SELECT renditions FROM media WHERE id = $1 AND storage_key = $2 FOR UPDATE),
       saved AS (
         UPDATE media SET width = $3, height = $4, placeholder = COALESCE($5, placeholder), renditions = $6::jsonb,
                renditions_state = 'ready', renditions_version = $8, renditions_error = NULL, upload_address = NULL
           FROM before WHERE id = $1 AND storage_key = $2 RETURNING id
       ),
       settled AS (DELETE FROM orphan_objects WHERE storage_key = ANY($7::varchar[]) AND EXISTS (SELECT 1 FROM saved)),
       replaced AS (
         INSERT INTO orphan_objects (storage_key, reason)
         SELECT f.value ->> 'key', 'delete' FROM before, jsonb_each(COALESCE(before.renditions, '{}'::jsonb)) f
          WHERE NOT (f.value ->> 'key' = ANY($7::varchar[]))
         ON CONFLICT (storage_key) DO UPDATE SET reason = 'delete', created_at = now()
       )
       SELECT (SELECT renditions FROM before) AS previous FROM saved`,
      [
        mediaId,
        storageKey,
        made.width,
        made.height,
        made.placeholder,
        JSON.stringify(made.renditions),
        files,
        made.version,
      ],
    );
    if (!rows[0]) return null;
    const previous = rows[0].previous;
    return (typeof previous === 'string' ? JSON.parse(previous) : previous) ?? {};
  }

  async renditionsFailed(
    mediaId: number,
    error: string,
    version: number,
    dropRenditions = false,
  ): Promise<Renditions | null> {
    const rows: Array<{ previous: Renditions | string | null }> = await this.db.rows(
      `WITH before AS (SELECT renditions FROM media WHERE id = $1 FOR UPDATE),
       failed AS (
         UPDATE media SET renditions_state = 'failed', renditions_error = left($2, 500), upload_address = NULL,
                renditions_version = $3, renditions = CASE WHEN $4 THEN NULL ELSE media.renditions END
           FROM before WHERE id = $1 RETURNING id
       ),
       dropped AS (
         INSERT INTO orphan_objects (storage_key, reason)
         SELECT f.value ->> 'key', 'delete' FROM before, jsonb_each(COALESCE(before.renditions, '{}'::jsonb)) f
          WHERE $4 AND EXISTS (SELECT 1 FROM failed)
         ON CONFLICT (storage_key) DO UPDATE SET reason = 'delete', created_at = now()
       )
       SELECT CASE WHEN $4 THEN (SELECT renditions FROM before) END AS previous FROM failed`,
      [mediaId, error, version, dropRenditions],
    );
    const previous = rows[0]?.previous ?? null;
    return typeof previous === 'string' ? JSON.parse(previous) : previous;
  }

  async originalRecleaned(mediaId: number, storageKey: string, size: number): Promise<void> {
    // a delete meanwhile (no row, or its own 'delete' note) keeps the note for the sweep
    await this.db.rows(
      `WITH resized AS (UPDATE media SET size = $3 WHERE id = $1 AND storage_key = $2 RETURNING id)
       DELETE FROM orphan_objects WHERE storage_key = $2 AND reason = 'upload' AND EXISTS (SELECT 1 FROM resized)`,
      [mediaId, storageKey, size],
    );
  }

  async renditionsToDo(afterId: number, limit: number, includeFailed: boolean, version: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.rows(
      `SELECT id FROM media WHERE id > $1 AND ${toDo('$4', '$3')} ORDER BY id LIMIT $2`,
      [afterId, limit, includeFailed, version],
    );
    return rows.map((r) => r.id);
  }

  async countRenditionsToDo(includeFailed: boolean, version: number): Promise<number> {
    const rows: Array<{ n: number }> = await this.db.rows(
      `SELECT count(*)::int AS n FROM media WHERE ${toDo('$2', '$1')}`,
      [includeFailed, version],
    );
    return rows[0]?.n ?? 0;
  }

  async withdrawOutdated(version: number): Promise<number> {
    // in batches through media_renditions_version (renditions_version, id): after an upgrade of a
    // large library no single statement holds a million row locks; each batch commits on its own
    // at start, beside a job deleting or visitors voting on the same rows: a deadlock's victim runs again
    let total = 0;
    for (;;) {
      const rows: Array<{ n: number }> = await retryOnDeadlock(() =>
        this.db.rows(
          `WITH batch AS (
           SELECT id FROM media WHERE renditions_version < $1 AND renditions_state = 'ready'
            ORDER BY renditions_version, id LIMIT $2 FOR UPDATE),
         back AS (
           UPDATE media m SET renditions_state = 'pending' FROM batch
            WHERE m.id = batch.id AND m.renditions_state = 'ready' AND m.renditions_version < $1 RETURNING m.id)
         SELECT count(*)::int AS n FROM back`,
          [version, WITHDRAW_BATCH],
        ),
      );
      const n = rows[0]?.n ?? 0;
      total += n;
      if (n === 0) return total;
    }
  }

  async renditionCounts(version: number): Promise<{ pending: number; failed: number; outdated: number }> {
    const rows: Array<{ pending: number; failed: number; outdated: number }> = await this.db.rows(
      `SELECT count(*) FILTER (WHERE renditions_state = 'pending')::int AS pending,
              count(*) FILTER (WHERE renditions_state = 'failed' AND renditions_version >= $1)::int AS failed,
              count(*) FILTER (WHERE renditions_state <> 'pending' AND renditions_version < $1)::int AS outdated
         FROM media`,
      [version],
    );
    return rows[0] ?? { pending: 0, failed: 0, outdated: 0 };
  }

  async pendingRenditionsOf(userId: number, address: string | null): Promise<number> {
    // from the partial indexes of waiting items by user and by address; past 1,000 the exact
    // place no longer matters
    const rows: Array<{ n: number }> = await this.db.rows(
      `SELECT GREATEST(
         (SELECT count(*) FROM (SELECT 1 FROM media WHERE renditions_state = 'pending' AND user_id = $1 LIMIT 1000) u),
         (SELECT count(*) FROM (SELECT 1 FROM media WHERE renditions_state = 'pending' AND upload_address = $2
                                 LIMIT 1000) a))::int AS n`,
      [userId, address],
    );
    return rows[0]?.n ?? 0;
  }

  async keyInUse(key: string): Promise<boolean> {
    const original = originalKeyOf(key);
    const rows = await this.db.rows(
      original === null
        ? `SELECT 1 FROM media WHERE storage_key = $1`
        : `SELECT 1 FROM media m, jsonb_each(COALESCE(m.renditions, '{}'::jsonb)) f
            WHERE m.storage_key = $2 AND f.value ->> 'key' = $1`,
      original === null ? [key] : [key, original],
    );
    return rows.length > 0;
  }

  async objectSettled(storageKey: string): Promise<void> {
    await this.db.rows(`DELETE FROM orphan_objects WHERE storage_key = $1`, [storageKey]);
  }

  async uploadsOf(userId: number, limit: number): Promise<Media[]> {
    const rows: MediaRow[] = await this.db.rows(
      `SELECT ${MEDIA_COLUMNS} FROM media WHERE user_id = $1 ORDER BY id LIMIT $2`,
      [userId, limit],
    );
    return rows.map(toMedia);
  }

  async countUploadsOf(userId: number): Promise<number> {
    const row = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM media WHERE user_id = $1`, [userId]);
    return row!.n;
  }

  async objectsSettled(storageKeys: readonly string[]): Promise<void> {
    if (storageKeys.length)
      await this.db.rows(`DELETE FROM orphan_objects WHERE storage_key = ANY($1::varchar[])`, [[...storageKeys]]);
  }
}
