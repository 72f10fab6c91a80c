import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Database } from '../../platform/database/sql.js';
import { Backlogs, toBacklog } from '../../platform/health/backlogs.js';
import { RENDITIONS_VERSION } from './domain/renditions.js';

/**
 * The media module's backlogs for health and metrics: objects noted as possible orphans (the
 * hourly sweep removes those older than an hour), and media still waiting for their renditions
 * (through the partial index of what is left to do), and those an older pipeline made, which the
 * upgrade job re-renders.
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
    // the upgrade's progress: items an older pipeline made (or gave up on), still to redo; no
    // age (they waited since the upgrade, not since their upload)
    this.backlogs.register('renditions-outdated', async () =>
      toBacklog(
        await this.db.one(
          `SELECT count(*)::int AS count, NULL AS oldest
             FROM media WHERE renditions_version < $1 AND renditions_state <> 'pending'`,
          [RENDITIONS_VERSION],
        ),
      ),
    );
  }
}
