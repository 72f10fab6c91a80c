import { Injectable } from '@nestjs/common';
import type { AuditActor } from '../../../platform/audit/audit-entry.js';
import { badRequest, notFound } from '../../../platform/domain-error.js';
import { idList, type ListQueryDto, parseListQuery, type Page } from '../../../platform/http/simple-rest.js';
import { JobQueue, type JobView } from '../../../platform/jobs/job-queue.js';
import { ActivityCounters } from '../../stats/activity-counters.js';
import { MediaRepository } from '../media.repository.js';
import { MediaService } from '../media.service.js';
import { RENDITIONS_VERSION } from '../domain/renditions.js';
import { GENERATE_RENDITIONS } from '../renditions/generate-renditions.job.js';
import {
  type AdminMediaRow,
  MEDIA_SORTABLE,
  MediaAdminRepository,
  type MediaListCriteria,
} from './media-admin.repository.js';

@Injectable()
export class MediaAdminService {
  constructor(
    private readonly rows: MediaAdminRepository,
    private readonly media: MediaService,
    private readonly counters: ActivityCounters,
    private readonly repository: MediaRepository,
    private readonly jobs: JobQueue,
  ) {}

  renditionBacklog(): Promise<{ pending: number; failed: number; outdated: number }> {
    return this.repository.renditionCounts(RENDITIONS_VERSION);
  }

  /** One backfill at a time: asking again while one runs answers that job (409 job_running). */
  generateRenditions(retryFailed: boolean): Promise<JobView> {
    return this.jobs.enqueue(GENERATE_RENDITIONS, { retryFailed }, { exclusiveKey: GENERATE_RENDITIONS });
  }

  async totals(): Promise<{ totalMedia: number; totalVotes: number; totalViews: number }> {
    const { totalMedia, totalVotes, totalViews } = await this.counters.totals();
    return { totalMedia, totalVotes, totalViews };
  }

  /** filter: `q` (name or username), `type` (image | video), `id` (getMany), `userId` (one uploader). */
  async list(query: ListQueryDto): Promise<Page<AdminMediaRow> & { offset: number }> {
    const q = parseListQuery(query, {
      sortable: MEDIA_SORTABLE,
      defaultSort: ['uploadedAt', 'DESC'],
      filters: ['q', 'type', 'id', 'userId'],
    });
    const criteria: MediaListCriteria = { sort: q.sort, offset: q.offset, limit: q.limit };
    const { q: text, type, id, userId } = q.filter;
    if (text !== undefined) {
      if (typeof text !== 'string' || text.length > 200)
        throw badRequest('filter q must be text of at most 200 characters');
      if (text.trim()) criteria.q = text.trim();
    }
    if (type !== undefined) {
      if (type !== 'image' && type !== 'video') throw badRequest('filter type must be image or video');
      criteria.type = type;
    }
    if (id !== undefined) criteria.ids = idList(id);
    if (userId !== undefined) criteria.userId = idList(userId, 'userId')[0];
    // unfiltered (the page's first load): the total is the counter, not a count of every media row
    const unfiltered = Object.keys(q.filter).length === 0;
    const total = unfiltered ? (await this.counters.totals()).totalMedia : undefined;
    return { ...(await this.rows.list(criteria, total)), offset: q.offset };
  }

  async get(id: number): Promise<AdminMediaRow> {
    const row = await this.rows.findRow(id);
    if (!row) throw notFound('Media not found');
    return row;
  }

  /**
   * Bulk delete: the rows (with their votes and views) in one statement, then their stored
   * objects. An object storage refuses then stays noted, and the orphan sweep deletes it later.
   */
  async deleteMany(ids: readonly number[], actor: AuditActor): Promise<{ deleted: number[]; notFound: number[] }> {
    const wanted = [...new Set(ids)];
    const deleted = new Set(await this.media.deleteMany(wanted, { actor, action: 'media.bulk_delete' }));
    const byId = (a: number, b: number) => a - b;
    return {
      deleted: [...deleted].sort(byId),
      notFound: wanted.filter((id) => !deleted.has(id)).sort(byId),
    };
  }

  /** Admin delete: any media; its votes, views and stored object go with it. Answers the row as it was. */
  async delete(id: number, actor: AuditActor): Promise<AdminMediaRow> {
    const row = await this.get(id);
    await this.media.deleteMedia(id, null, { actor, action: 'media.delete' });
    return row;
  }
}
