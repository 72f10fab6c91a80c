import { Injectable, Logger } from '@nestjs/common';
import { badRequest, notFound } from '../../../platform/domain-error.js';
import { idList, type ListQueryDto, parseListQuery, type Page } from '../../../platform/http/simple-rest.js';
import { ObjectStorage } from '../../../platform/storage/object-storage.js';
import { ActivityCounters } from '../../stats/activity-counters.js';
import { MediaService } from '../media.service.js';
import {
  type AdminMediaRow,
  MEDIA_SORTABLE,
  MediaAdminRepository,
  type MediaListCriteria,
} from './media-admin.repository.js';

/** Stored objects are deleted a few at a time after the rows: quick on S3, gentle on local disk. */
const OBJECT_DELETE_CONCURRENCY = 8;

@Injectable()
export class MediaAdminService {
  private readonly logger = new Logger('MediaAdmin');

  constructor(
    private readonly rows: MediaAdminRepository,
    private readonly media: MediaService,
    private readonly counters: ActivityCounters,
    private readonly storage: ObjectStorage,
  ) {}

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
   * Bulk delete: the rows (with their votes and views) in one transaction, then their stored
   * objects. An object that cannot be deleted then is logged and left behind: its row is gone, so
   * no visitor is offered it, and the Bucket Manager still lists it for deletion.
   */
  async deleteMany(ids: readonly number[]): Promise<{ deleted: number[]; notFound: number[] }> {
    const wanted = [...new Set(ids)];
    const gone = await this.rows.deleteMany(wanted);
    for (let i = 0; i < gone.length; i += OBJECT_DELETE_CONCURRENCY) {
      await Promise.all(
        gone
          .slice(i, i + OBJECT_DELETE_CONCURRENCY)
          .map(({ id, storageKey }) =>
            this.storage
              .delete(storageKey)
              .catch((err: Error) =>
                this.logger.warn(`Media ${id} deleted but its object ${storageKey} was not: ${err.message}`),
              ),
          ),
      );
    }
    const deleted = new Set(gone.map((g) => g.id));
    const byId = (a: number, b: number) => a - b;
    return {
      deleted: [...deleted].sort(byId),
      notFound: wanted.filter((id) => !deleted.has(id)).sort(byId),
    };
  }

  /** Admin delete: any media; its votes, views and stored object go with it. Answers the row as it was. */
  async delete(id: number): Promise<AdminMediaRow> {
    const row = await this.get(id);
    await this.media.deleteMedia(id, null);
    return row;
  }
}
