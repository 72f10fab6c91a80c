import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Database } from '../../platform/database/sql.js';
import { Backlogs, toBacklog } from '../../platform/health/backlogs.js';

/**
 * The media module's backlogs for health and metrics: objects noted as possible orphans (the
 * hourly sweep removes those older than an hour). Media waiting for renditions joins here as
 * `renditions` once the rendition columns exist (issue 19).
 */
@Injectable()
export class MediaBacklogs implements OnModuleInit {
  constructor(
    private readonly db: Database,
    private readonly backlogs: Backlogs,
  ) {}

  onModuleInit(): void {
    this.backlogs.register('orphan-objects', async () =>
      toBacklog(
        await this.db.one(
          `SELECT count(*)::int AS count, extract(epoch FROM now() - min(created_at))::float8 AS oldest FROM orphan_objects`,
        ),
      ),
    );
  }
}
