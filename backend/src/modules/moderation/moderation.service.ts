import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/env.js';
import { Budget, HOUR_MS } from '../../platform/budget/budget.js';
import type { AuditActor } from '../../platform/audit/audit-entry.js';
import { badRequest } from '../../platform/domain-error.js';
import { idList, parseListQuery, type Page } from '../../platform/http/simple-rest.js';
import { MediaService } from '../media/media.service.js';
import { type ReportReason, reportNote } from './domain/report.js';
import type { ModerationListQueryDto } from './dto/moderation.dto.js';
import { MODERATION_SORTABLE, ModerationRepository, type ModerationRow } from './moderation.repository.js';

const byId = (a: number, b: number) => a - b;
const notFoundOf = (asked: readonly number[], found: readonly number[]) =>
  [...new Set(asked)].filter((id) => !found.includes(id)).sort(byId);

/** Visitors' reports, the operators' queue and decisions, and bans. */
@Injectable()
export class ModerationService {
  constructor(
    private readonly moderation: ModerationRepository,
    private readonly media: MediaService,
    private readonly config: AppConfig,
    private readonly budget: Budget,
  ) {}

  /**
   * Records a report; it spends one of the reporter's REPORTS_PER_SESSION_PER_HOUR and of their
   * network's REPORTS_PER_ADDRESS_PER_HOUR (given back when the report is refused).
   */
  async report(
    userId: number,
    mediaId: number,
    reason: ReportReason,
    note: string | undefined,
    network: string,
  ): Promise<void> {
    const cleanNote = reportNote(reason, note);
    const { quotas, moderation } = this.config;
    const charges = [
      {
        key: `reports:user:${userId}`,
        windowMs: HOUR_MS,
        limit: quotas.reportsPerSessionPerHour,
        amount: 1,
        message: 'You have sent the most reports allowed in an hour',
      },
      {
        key: `reports:net:${network}`,
        windowMs: HOUR_MS,
        limit: quotas.reportsPerAddressPerHour,
        amount: 1,
        message: 'Too many reports were sent from your network in the last hour',
      },
    ];
    await this.budget.spendFor(charges, () =>
      this.moderation.report({
        userId,
        mediaId,
        reason,
        note: cleanNote,
        hideAfter: this.config.moderationHideAfter,
        network,
        standingRule: { minAgeMinutes: moderation.reporterMinAgeMinutes, minVotes: moderation.reporterMinVotes },
        perNetwork: moderation.reportersPerNetwork,
      }),
    );
  }

  /** filter / parameter `status` (open, the default, or decided) and `id` (getMany); most reports first. */
  async list(query: ModerationListQueryDto): Promise<Page<ModerationRow> & { offset: number }> {
    const q = parseListQuery(query, {
      sortable: MODERATION_SORTABLE,
      defaultSort: ['reports', 'DESC'],
      filters: ['status', 'id'],
    });
    const status = q.filter.status ?? query.status ?? 'open';
    if (status !== 'open' && status !== 'decided') throw badRequest('status must be open or decided');
    const ids = q.filter.id === undefined ? undefined : idList(q.filter.id);
    const page = await this.moderation.list({ status, ids, sort: q.sort, offset: q.offset, limit: q.limit });
    return { ...page, offset: q.offset };
  }

  async keep(ids: readonly number[], actor: AuditActor): Promise<{ kept: number[]; notFound: number[] }> {
    const kept = await this.moderation.keep(ids, actor);
    return { kept, notFound: notFoundOf(ids, kept) };
  }

  /** Through MediaService (rows, then objects); the delete's transaction closes the rows and writes the audit row. */
  async delete(ids: readonly number[], actor: AuditActor): Promise<{ deleted: number[]; notFound: number[] }> {
    const deleted = (await this.media.deleteMany([...new Set(ids)], { actor, action: 'moderation.delete' })).sort(byId);
    return { deleted, notFound: notFoundOf(ids, deleted) };
  }

  /**
   * The ban (and its audit row) commits first; their media, when asked, is then deleted like a
   * bulk delete with its own audit row: the objects cannot be part of a database transaction anyway.
   */
  async ban(
    ids: readonly number[],
    deleteMedia: boolean,
    actor: AuditActor,
  ): Promise<{ banned: number[]; notFound: number[]; mediaDeleted: number }> {
    const banned = await this.moderation.ban(ids, deleteMedia, actor);
    let mediaDeleted = 0;
    if (deleteMedia && banned.length) {
      const media = await this.moderation.mediaOf(banned);
      if (media.length) {
        const gone = await this.media.deleteMany(media, {
          actor,
          action: 'media.bulk_delete',
          note: `ban of user ${banned.join(', ')}`,
        });
        mediaDeleted = gone.length;
      }
    }
    return { banned, notFound: notFoundOf(ids, banned), mediaDeleted };
  }

  async unban(ids: readonly number[], actor: AuditActor): Promise<{ unbanned: number[]; notFound: number[] }> {
    const unbanned = await this.moderation.unban(ids, actor);
    return { unbanned, notFound: notFoundOf(ids, unbanned) };
  }
}
