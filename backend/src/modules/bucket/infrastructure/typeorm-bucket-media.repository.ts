import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/sql.js';
import type { Renditions } from '../../media/domain/renditions.js';
import { BucketMediaRepository, type ImportCheckpoint, type ImportedObject } from '../bucket-media.repository.js';

@Injectable()
export class TypeormBucketMediaRepository extends BucketMediaRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async existingKeys(keys: readonly string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    // a noted orphan (an upload a crash cut short, a deleted row's object) is not the bucket's to import
    const rows = await this.db.rows<{ storage_key: string }>(
      `SELECT storage_key FROM media WHERE storage_key = ANY($1::varchar[])
       UNION SELECT storage_key FROM orphan_objects WHERE storage_key = ANY($1::varchar[])`,
      [keys],
    );
    return new Set(rows.map((r) => r.storage_key));
  }

  async importBatch(
    jobId: string,
    ownerId: number,
    rows: readonly ImportedObject[],
    next: (insertedIds: number[]) => ImportCheckpoint,
  ): Promise<ImportCheckpoint> {
    return this.db.transaction(async (tx) => {
      let inserted: number[] = [];
      if (rows.length) {
        const ids = await tx.rows<{ id: number }>(
          `INSERT INTO media (user_id, storage_key, original_name, mime_type, size, uploaded_at, width, height, placeholder)
           SELECT $1, k, n, t, s, u, w, h, p
           FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::bigint[], $6::timestamptz[],
                       $7::int[], $8::int[], $9::varchar[]) AS x(k, n, t, s, u, w, h, p)
           ON CONFLICT (storage_key) DO NOTHING
           RETURNING id`,
          [
            ownerId,
            rows.map((r) => r.storageKey),
            rows.map((r) => r.originalName),
            rows.map((r) => r.mimeType),
            rows.map((r) => String(r.size)),
            rows.map((r) => r.uploadedAt.toISOString()),
            rows.map((r) => r.width),
            rows.map((r) => r.height),
            rows.map((r) => r.placeholder),
          ],
        );
        inserted = ids.map((r) => r.id);
      }
      const checkpoint = next(inserted);
      await tx.rows(
        `INSERT INTO job_checkpoints (job_id, data) VALUES ($1, $2::jsonb)
         ON CONFLICT (job_id) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
        [jobId, JSON.stringify(checkpoint)],
      );
      return checkpoint;
    });
  }

  async checkpoint(jobId: string): Promise<ImportCheckpoint | null> {
    const row = await this.db.one<{ data: ImportCheckpoint }>(`SELECT data FROM job_checkpoints WHERE job_id = $1`, [
      jobId,
    ]);
    return row ? row.data : null;
  }

  async deleteByKeys(keys: readonly string[]): Promise<Array<{ storageKey: string; renditions: Renditions | null }>> {
    if (!keys.length) return [];
    // the renditions are noted in the delete's statement: a crash before they are removed leaves them to the sweep
    const rows = await this.db.rows<{ storage_key: string; renditions: Renditions | string | null }>(
      `WITH gone AS (DELETE FROM media WHERE storage_key = ANY($1::varchar[]) RETURNING storage_key, renditions),
       noted AS (
         INSERT INTO orphan_objects (storage_key, reason)
         SELECT f.value ->> 'key', 'delete' FROM gone, jsonb_each(COALESCE(gone.renditions, '{}'::jsonb)) f
         ON CONFLICT (storage_key) DO UPDATE SET reason = 'delete', created_at = now()
       )
       SELECT * FROM gone`,
      [keys],
    );
    return rows.map((r) => ({
      storageKey: r.storage_key,
      renditions: typeof r.renditions === 'string' ? (JSON.parse(r.renditions) as Renditions) : r.renditions,
    }));
  }
}
