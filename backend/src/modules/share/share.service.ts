import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { forbidden, notFound } from '../../platform/domain-error.js';
import type { Media } from '../media/domain/media.js';
import { MediaService } from '../media/media.service.js';
import type { ShareLink, ShareVisitKind } from './domain/share-link.js';
import { ShareRepository } from './share.repository.js';

/** What a link leads to: the item for everyone, or "not available" (off, hidden, banned, deleted). */
export type OpenedShare = { kind: 'item'; link: ShareLink; media: Media } | { kind: 'unavailable' };

/** The one answer for every link that leads nowhere: it does not tell which of the reasons it was. */
export const UNAVAILABLE_MESSAGE = 'This photo or video is no longer available to rate';

@Injectable()
export class ShareService {
  constructor(
    private readonly links: ShareRepository,
    private readonly media: MediaService,
  ) {}

  /** The owner's link to their item (made on first use; the same link every time after). */
  async share(userId: number, mediaId: number): Promise<ShareLink> {
    const media = await this.media.findById(mediaId);
    if (!media) throw notFound('Media not found');
    if (media.userId !== userId) throw forbidden('You can only share your own uploads');
    return this.links.findOrCreate(mediaId, userId, randomBytes(16).toString('base64url'));
  }

  mine(userId: number): Promise<ShareLink[]> {
    return this.links.listByUser(userId);
  }

  async change(userId: number, shareId: string, change: { enabled?: boolean; indexable?: boolean }) {
    const link = await this.links.update(shareId, userId, change);
    if (!link) throw notFound('Share link not found');
    return link;
  }

  async open(shareId: string): Promise<OpenedShare> {
    const link = await this.links.findByShareId(shareId);
    if (!link?.enabled) return { kind: 'unavailable' };
    const media = await this.media.findById(link.mediaId);
    // hidden: reports past the threshold or a banned owner; a deleted item took its link with it;
    // not rendered yet: screens show renditions only, so nobody is offered it until they exist
    if (!media || media.hidden || media.renditionsState !== 'ready') return { kind: 'unavailable' };
    return { kind: 'item', link, media };
  }

  /** The owner cannot vote on their own item, nor anyone twice. */
  async rateableBy(userId: number, media: Media): Promise<boolean> {
    return media.userId !== userId && !(await this.links.hasVoted(userId, media.id));
  }

  countVisit(shareId: string, userId: number, kind: ShareVisitKind): Promise<boolean> {
    return this.links.countVisit(shareId, userId, kind);
  }
}
