import type { AuditActor } from '../../platform/audit/audit-entry.js';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/env.js';
import { DomainError } from '../../platform/domain-error.js';
import { MediaService } from '../media/media.service.js';
import { ActivityCounters } from '../stats/activity-counters.js';
import { DatabaseProbe, REQUIRED_TABLES, type SampleQueryResult, type TableInfo } from './database-probe.js';

/** Every check answers its own duration; a failing one answers 503 with the reason (admins only see it). */
async function timed<T extends object>(
  failure: string,
  work: () => Promise<T>,
): Promise<T & { success: true; durationMs: number }> {
  const started = performance.now();
  try {
    const result = await work();
    return { success: true, ...result, durationMs: Math.round(performance.now() - started) };
  } catch (err) {
    throw new DomainError('unavailable', `${failure}: ${(err as Error).message}`);
  }
}

@Injectable()
export class MaintenanceService {
  constructor(
    private readonly probe: DatabaseProbe,
    private readonly counters: ActivityCounters,
    private readonly config: AppConfig,
    private readonly media: MediaService,
  ) {}

  connection() {
    return timed('Connection failed', async () => {
      const c = await this.probe.connection();
      return {
        message: 'Database connection OK',
        engine: this.config.databaseUrl ? 'postgresql' : 'pglite',
        database: c.database,
        version: c.version,
        serverTime: c.serverTime.toISOString(),
      };
    });
  }

  schema(): Promise<
    { tables: TableInfo[]; missing: string[]; message: string } & { success: true; durationMs: number }
  > {
    return timed('Schema check failed', async () => {
      const tables = await this.probe.tables();
      const missing = REQUIRED_TABLES.filter((name) => !tables.some((t) => t.name === name));
      if (missing.length) throw new Error(`missing tables ${missing.join(', ')} (run the migrations)`);
      return { message: `${tables.length} tables, none missing`, tables, missing };
    });
  }

  /** From the counters the database keeps (a count(*) of 10M rows would take half a second). */
  counts() {
    return timed('Count query failed', async () => {
      const { totalUsers, totalMedia } = await this.counters.totals();
      return { totalUsers, totalMedia };
    });
  }

  queries(): Promise<{ queries: SampleQueryResult[] } & { success: true; durationMs: number }> {
    return timed('Sample queries failed', async () => ({ queries: await this.probe.sampleQueries() }));
  }

  /**
   * Users, media rows, votes and views go; the bucket keeps its files (Import Media brings them
   * back) but not the renditions of the media that went, which are swept right after.
   */
  async reset(actor: AuditActor) {
    const deleted = await this.probe.reset({ actor, action: 'db.reset', target: 'database', outcome: 'ok' });
    this.media.sweepOrphansInBackground();
    return {
      success: true as const,
      message: 'Database reset: users, media, votes and views were deleted. Files in the bucket were kept.',
      deleted,
    };
  }
}
