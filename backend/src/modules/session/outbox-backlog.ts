import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Database } from '../../platform/database/sql.js';
import { Backlogs, toBacklog } from '../../platform/health/backlogs.js';

export const OUTBOX_BACKLOG = 'magic-link-outbox';

/** The magic-link mail waiting to be sent, and the mail given up on in the last hour, for health and metrics. */
@Injectable()
export class OutboxBacklog implements OnModuleInit {
  constructor(
    private readonly db: Database,
    private readonly backlogs: Backlogs,
  ) {}

  onModuleInit(): void {
    this.backlogs.register(OUTBOX_BACKLOG, async () => {
      const r = await this.db.one<{ count: number; oldest: number | null; failed: number }>(
        `SELECT count(*) FILTER (WHERE failed_at IS NULL)::int AS count,
                extract(epoch FROM now() - min(created_at) FILTER (WHERE failed_at IS NULL))::float8 AS oldest,
                count(*) FILTER (WHERE failed_at > now() - interval '1 hour')::int AS failed
           FROM magic_link_outbox`,
      );
      return { ...toBacklog(r), failedLastHour: Number(r?.failed ?? 0) };
    });
  }
}
