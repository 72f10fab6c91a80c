import { Readable } from 'node:stream';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ObjectStorage } from '../../src/platform/storage/object-storage.js';
import type { TestApp } from './test-app.js';

/** The Basic header for the test app's admin (ADMIN_PASSWORD is set by startTestApp). */
export const adminAuth = (t: TestApp, password = t.config.adminPassword ?? '') =>
  `Basic ${Buffer.from(`${t.config.adminUsername}:${password}`).toString('base64')}`;

/** supertest calls carrying the admin's credentials. */
export function asAdmin(t: TestApp) {
  const auth = adminAuth(t);
  return {
    get: (url: string) => request(t.server).get(url).set('Authorization', auth),
    post: (url: string) => request(t.server).post(url).set('Authorization', auth),
    delete: (url: string) => request(t.server).delete(url).set('Authorization', auth),
  };
}

export const db = (t: TestApp) => t.app.get(DataSource);

/** Row counts of the tables admin routes could change, to prove a refused call changed nothing. */
export async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = ['users', 'media', 'votes', 'views', 'ad_configs', 'idle_redirect_configs', 'back_button_configs'];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [r] = await db(t).query(`SELECT count(*)::int AS n FROM ${table}`);
    out[table] = r.n;
  }
  return out;
}

export interface SeededMedia {
  id: number;
  storageKey: string;
}

/**
 * A media row with a stored object, as an upload leaves it once its renditions job has run (the
 * upload route is not what these tests are about): 'ready', so it is offered to others (issue 26;
 * it has no rendition files, so answers give it an empty `url`). Votes and views are added with
 * seedVote / seedView so the counters match.
 */
export async function seedStoredMedia(
  t: TestApp,
  m: { userId: number; originalName?: string; mimeType?: string; body?: Buffer; uploadedAt?: Date },
): Promise<SeededMedia> {
  const body = m.body ?? Buffer.from('fake image bytes');
  const storageKey = `test/${Math.random().toString(36).slice(2)}.bin`;
  await t.app.get(ObjectStorage).put(storageKey, Readable.from([body]), m.mimeType ?? 'image/jpeg');
  const [r] = await db(t).query(
    `INSERT INTO media (user_id, storage_key, original_name, mime_type, size, uploaded_at, renditions_state)
     VALUES ($1, $2, $3, $4, $5, $6, 'ready') RETURNING id`,
    [
      m.userId,
      storageKey,
      m.originalName ?? 'photo.jpg',
      m.mimeType ?? 'image/jpeg',
      body.length,
      m.uploadedAt ?? new Date(),
    ],
  );
  return { id: r.id, storageKey };
}

export async function seedVote(
  t: TestApp,
  userId: number,
  mediaId: number,
  isHot: boolean,
  votedAt = new Date(),
): Promise<void> {
  await db(t).query(`INSERT INTO votes (user_id, media_id, is_hot, voted_at) VALUES ($1, $2, $3, $4)`, [
    userId,
    mediaId,
    isHot,
    votedAt,
  ]);
  await db(t).query(`UPDATE media SET total_votes = total_votes + 1, hot_votes = hot_votes + $2::int WHERE id = $1`, [
    mediaId,
    isHot ? 1 : 0,
  ]);
}

export async function seedView(t: TestApp, userId: number, mediaId: number): Promise<void> {
  await db(t).query(`INSERT INTO views (user_id, media_id) VALUES ($1, $2)`, [userId, mediaId]);
  await db(t).query(`UPDATE media SET total_views = total_views + 1 WHERE id = $1`, [mediaId]);
}
