import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Database } from '../../platform/database/sql.js';
import { Backlogs, toBacklog } from '../../platform/health/backlogs.js';

/**
 * The media module's backlogs for health and metrics: objects noted as possible orphans (the
 * hourly sweep removes those older than an hour), and media still waiting for their renditions
 * (through the partial index of what is left to do).
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
    this.backlogs.register('renditions', async () => {
      return toBacklog(
        await this.db.one(
          `SELECT count(*)::int AS count, extract(epoch FROM now() - min(uploaded_at))::float8 AS oldest
             FROM media WHERE renditions_state = 'pending'`,
        ),
      );
    });
  }
}
