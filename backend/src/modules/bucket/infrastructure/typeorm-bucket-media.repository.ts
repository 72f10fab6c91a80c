import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BucketMediaRepository, type ImportCheckpoint, type ImportedObject } from '../bucket-media.repository.js';

/** Not a visitor session id (those are 32 letters or digits), so no browser can ever sign in as it. */
export const IMPORT_OWNER_SESSION_ID = 'system-bucket-import';
export const IMPORT_OWNER_USERNAME = 'BucketImport';

@Injectable()
export class TypeormBucketMediaRepository extends BucketMediaRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async existingKeys(keys: readonly string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    // a noted orphan (an upload a crash cut short, a deleted row's object) is not the bucket's to import
    const rows: { storage_key: string }[] = await this.db.query(
      `SELECT storage_key FROM media WHERE storage_key = ANY($1::varchar[])
       UNION SELECT storage_key FROM orphan_objects WHERE storage_key = ANY($1::varchar[])`,
      [keys],
    );
    return new Set(rows.map((r) => r.storage_key));
  }

  async importOwnerId(): Promise<number> {
    for (let suffix = 1; suffix < 10_000; suffix++) {
      const [found]: { id: number }[] = await this.db.query(`SELECT id FROM users WHERE session_id = $1`, [
        IMPORT_OWNER_SESSION_ID,
      ]);
      if (found) return found.id;
      // a visitor may have picked the name already: then BucketImport2, BucketImport3, ...
      const username = suffix === 1 ? IMPORT_OWNER_USERNAME : `${IMPORT_OWNER_USERNAME}${suffix}`;
      const [created]: { id: number }[] = await this.db.query(
        `INSERT INTO users (session_id, username) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
        [IMPORT_OWNER_SESSION_ID, username],
      );
      if (created) return created.id;
    }
    throw new Error('Could not create the BucketImport user');
  }

  async importBatch(
    jobId: string,
    ownerId: number,
    rows: readonly ImportedObject[],
    next: (inserted: number) => ImportCheckpoint,
  ): Promise<ImportCheckpoint> {
    return this.db.transaction(async (m) => {
      let inserted = 0;
      if (rows.length) {
        const ids: unknown[] = await m.query(
          `INSERT INTO media (user_id, storage_key, original_name, mime_type, size, uploaded_at)
           SELECT $1, k, n, t, s, u
           FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::bigint[], $6::timestamptz[]) AS x(k, n, t, s, u)
           ON CONFLICT (storage_key) DO NOTHING
           RETURNING id`,
          [
            ownerId,
            rows.map((r) => r.storageKey),
            rows.map((r) => r.originalName),
            rows.map((r) => r.mimeType),
            rows.map((r) => String(r.size)),
            rows.map((r) => r.uploadedAt.toISOString()),
          ],
        );
        inserted = ids.length;
      }
      const checkpoint = next(inserted);
      await m.query(
        `INSERT INTO job_checkpoints (job_id, data) VALUES ($1, $2::jsonb)
         ON CONFLICT (job_id) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
        [jobId, JSON.stringify(checkpoint)],
      );
      return checkpoint;
    });
  }

  async checkpoint(jobId: string): Promise<ImportCheckpoint | null> {
    const [row]: { data: ImportCheckpoint }[] = await this.db.query(
      `SELECT data FROM job_checkpoints WHERE job_id = $1`,
      [jobId],
    );
    return row ? row.data : null;
  }

  async deleteByKeys(keys: readonly string[]): Promise<string[]> {
    if (!keys.length) return [];
    const [rows]: [{ storage_key: string }[], number] = await this.db.query(
      `DELETE FROM media WHERE storage_key = ANY($1::varchar[]) RETURNING storage_key`,
      [keys],
    );
    return rows.map((r) => r.storage_key);
  }
}
