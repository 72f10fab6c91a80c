import { Injectable } from '@nestjs/common';
import type { AuditEntry } from '../../../platform/audit/audit-entry.js';
import { AuditLog } from '../../../platform/audit/audit-log.js';
import { Database } from '../../../platform/database/sql.js';
import { COUNTER_TOTALS_SQL, toTotals } from '../../stats/counter-totals.js';
import { DatabaseProbe, type SampleQueryResult, type TableInfo, type Totals } from '../database-probe.js';

/** Cheap queries shaped like the app's hot paths, each on an index. */
const SAMPLES: Array<[string, string]> = [
  ['Newest media', `SELECT id, original_name, uploaded_at FROM media ORDER BY uploaded_at DESC, id DESC LIMIT 5`],
  ['Most voted media', `SELECT id, total_votes, hot_votes FROM media ORDER BY total_votes DESC LIMIT 5`],
  ['Random pick', `SELECT id FROM media WHERE random_key >= random() ORDER BY random_key LIMIT 1`],
  ['Newest users', `SELECT id, username, created_at FROM users ORDER BY id DESC LIMIT 5`],
  ['Votes of newest media', `SELECT count(*)::int AS n FROM votes WHERE media_id = (SELECT max(id) FROM media)`],
];

@Injectable()
export class TypeormDatabaseProbe extends DatabaseProbe {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
  ) {
    super();
  }

  async connection() {
    const r = (await this.db.one<{ version: string; database: string; server_time: Date }>(
      `SELECT version() AS version, current_database() AS database, now() AS server_time`,
    ))!;
    return { version: String(r.version), database: String(r.database), serverTime: new Date(r.server_time) };
  }

  async tables(): Promise<TableInfo[]> {
    const rows = await this.db.rows<{ name: string; columns: number }>(
      `SELECT t.table_name AS name, count(c.column_name)::int AS columns
         FROM information_schema.tables t
         LEFT JOIN information_schema.columns c ON c.table_schema = t.table_schema AND c.table_name = t.table_name
        WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        GROUP BY t.table_name ORDER BY t.table_name`,
    );
    return rows.map((r) => ({ name: r.name, columns: Number(r.columns) }));
  }

  async sampleQueries(): Promise<SampleQueryResult[]> {
    const out: SampleQueryResult[] = [];
    for (const [name, sql] of SAMPLES) {
      const started = performance.now();
      const rows = await this.db.rows(sql);
      out.push({ name, rowCount: rows.length, durationMs: Math.round(performance.now() - started) });
    }
    return out;
  }

  async reset(audit: AuditEntry): Promise<Totals> {
    // one transaction for everything: on PGlite it holds the only connection, so nothing else runs inside
    return this.db.transaction(async (tx) => {
      const { totalUsers, totalMedia, totalVotes, totalViews } = toTotals(
        (await tx.one<Parameters<typeof toTotals>[0]>(COUNTER_TOTALS_SQL))!,
      );
      // CASCADE also empties what references users (magic-link tokens); population runs point at
      // user and media ids that RESTART IDENTITY hands out again, so they go too, but their own ids
      // keep counting: a run id (and the job ids made from it) is never handed out twice
      // the media's renditions go with the rows (their originals stay for Import Media): noted as
      // orphans in this transaction, old enough for the next sweep to delete them
      await tx.rows(
        `INSERT INTO orphan_objects (storage_key, reason, created_at)
         SELECT f.value ->> 'key', 'delete', now() - interval '1 day'
           FROM media m, jsonb_each(m.renditions) f WHERE m.renditions IS NOT NULL
         ON CONFLICT (storage_key) DO UPDATE SET reason = 'delete', created_at = EXCLUDED.created_at`,
      );
      await tx.rows(`TRUNCATE users, media, votes, views RESTART IDENTITY CASCADE`);
      await tx.rows(`TRUNCATE population_runs CONTINUE IDENTITY`);
      // the audit log references nothing and is not emptied: the reset itself is its next row
      await this.audit.record(
        {
          ...audit,
          detail: `${totalUsers} users, ${totalMedia} media, ${totalVotes} votes, ${totalViews} views deleted`,
        },
        tx,
      );
      return { totalUsers, totalMedia, totalVotes, totalViews };
    });
  }
}
