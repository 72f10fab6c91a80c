import { Redis } from 'ioredis';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import request from 'supertest';
import { EXPORT_PAGE } from '../src/modules/users/data-export/data-export.service.js';
import { ObjectStorage } from '../src/platform/storage/object-storage.js';
import { db, seedStoredMedia, seedView, seedVote } from './support/admin.js';
import { downloadExport, openExport } from './support/export-zip.js';
import { startS3, type TestS3 } from './support/s3rver.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

const HOUR_S = 3600;
const redisUrl = process.env.TEST_REDIS_URL;

/** The stored original's bytes, as the zip must hold them. */
async function stored(t: TestApp, key: string): Promise<Buffer> {
  return buffer((await t.app.get(ObjectStorage).get(key)).stream);
}

/** votes.csv as the database says it should read, in media id order. */
async function votesInDb(t: TestApp, userId: number): Promise<string[][]> {
  const rows: Array<{ media_id: number; is_hot: boolean; voted_at: Date }> = await db(t).query(
    `SELECT media_id, is_hot, voted_at FROM votes WHERE user_id = $1 ORDER BY media_id`,
    [userId],
  );
  return rows.map((r) => [String(r.media_id), r.is_hot ? 'hot' : 'not', new Date(r.voted_at).toISOString()]);
}

async function uploadIdsInDb(t: TestApp, userId: number): Promise<number[]> {
  const rows: Array<{ id: number }> = await db(t).query(
    `SELECT id FROM media WHERE user_id = $1 ORDER BY uploaded_at DESC, id DESC`,
    [userId],
  );
  return rows.map((r) => r.id);
}

/** Issue 27 item 3: "Download my data" — the account's own data as a streamed zip, once an hour. */
describe(`download my data (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("holds exactly the account's profile, votes, uploads with My Stats' numbers, and the stored originals", async () => {
    const alice = await newVisitor(t);
    const bob = await newVisitor(t);
    await alice.agent.patch(`/api/users/${alice.id}`).send({ email: 'alice@example.com' }).expect(200);
    await alice.agent
      .post('/api/session')
      .send({ sessionId: alice.sessionId, latitude: 51.5, longitude: -0.12 })
      .expect(200);

    const a1 = await seedStoredMedia(t, {
      userId: alice.id,
      originalName: 'beach, day 1.jpg',
      body: Buffer.from('a1'),
    });
    const a2 = await seedStoredMedia(t, {
      userId: alice.id,
      originalName: '=cmd.mp4',
      mimeType: 'video/mp4',
      body: Buffer.from('a2 video bytes'),
    });
    const b1 = await seedStoredMedia(t, { userId: bob.id, body: Buffer.from('b1') });
    const b2 = await seedStoredMedia(t, { userId: bob.id, body: Buffer.from('b2') });
    await seedVote(t, alice.id, b1.id, true);
    await seedVote(t, alice.id, b2.id, false);
    await seedVote(t, bob.id, a1.id, true);
    await seedView(t, bob.id, a1.id);

    const mine = await downloadExport(alice.agent, alice.id);
    expect(mine.votes).toEqual(await votesInDb(t, alice.id));
    expect(mine.votes.map((v) => v[0])).toEqual([String(b1.id), String(b2.id)]);

    // uploads.csv: the account's uploads, newest first, with exactly what My Stats shows
    const stats = (await alice.agent.get(`/api/users/${alice.id}/stats`).expect(200)).body;
    expect(mine.uploadsHeader).toEqual([
      'media_id',
      'file',
      'original_name',
      'mime_type',
      'size_bytes',
      'uploaded_at',
      'views',
      'votes',
      'hot_votes',
      'hot_percentage',
      'not_percentage',
      'under_review',
    ]);
    const csv = mine.uploads.map((r) => r.join(','));
    expect(mine.uploads.map((r) => Number(r[0]))).toEqual(await uploadIdsInDb(t, alice.id));
    for (const s of stats.mediaStats as Array<Record<string, number | string | boolean>>) {
      const row = csv.find((l) => l.startsWith(`${s.id},`))!;
      expect(row).toContain(
        [s.uploadedAt, s.totalViews, s.totalVotes, s.hotVotes, s.hotPercentage, s.notPercentage, s.underReview].join(
          ',',
        ),
      );
    }
    // a client-chosen name is quoted, and never run by a spreadsheet
    expect(csv.find((l) => l.startsWith(`${a1.id},`))).toContain('"beach, day 1.jpg"');
    expect(csv.find((l) => l.startsWith(`${a2.id},`))).toContain(`,'=cmd.mp4,`);

    // the originals, byte for byte, and nothing of anyone else's
    expect([...mine.files.keys()].sort()).toEqual([`uploads/${a1.id}-beach_day_1.bin`, `uploads/${a2.id}-cmd.bin`]);
    expect(mine.files.get(`uploads/${a1.id}-beach_day_1.bin`)).toEqual(await stored(t, a1.storageKey));
    expect(mine.files.get(`uploads/${a2.id}-cmd.bin`)).toEqual(await stored(t, a2.storageKey));
    expect(mine.names).toEqual(['profile.json', 'uploads.csv', ...[...mine.files.keys()].sort(), 'votes.csv'].sort());

    const [user] = await db(t).query(`SELECT username, email, created_at FROM users WHERE id = $1`, [alice.id]);
    expect(mine.profile).toMatchObject({
      id: alice.id,
      username: user.username,
      email: 'alice@example.com',
      createdAt: new Date(user.created_at).toISOString(),
      location: { latitude: 51.5, longitude: -0.12 },
      devices: [expect.objectContaining({ browser: expect.any(String), system: expect.any(String) })],
    });
    // the session credential is never in the export
    expect(JSON.stringify(mine.profile)).not.toContain(alice.sessionId);

    // Bob gets only his own
    const his = await downloadExport(bob.agent, bob.id);
    expect(his.votes).toEqual(await votesInDb(t, bob.id));
    expect(his.votes).toEqual([[String(a1.id), 'hot', expect.any(String)]]);
    expect(his.uploads.map((r) => Number(r[0]))).toEqual([b2.id, b1.id]);
    expect([...his.files.keys()].sort()).toEqual([`uploads/${b1.id}-photo.bin`, `uploads/${b2.id}-photo.bin`]);
    expect(his.profile).not.toHaveProperty('location');
  });

  it('pages through accounts larger than a page, ties on the upload time included', async () => {
    const carol = await newVisitor(t);
    const other = await newVisitor(t);
    const uploads = EXPORT_PAGE + 3;
    const sameMoment = new Date('2026-11-01T10:00:00.123Z');
    const storage = t.app.get(ObjectStorage);
    for (let i = 0; i < uploads; i++)
      await seedStoredMedia(t, {
        userId: carol.id,
        body: Buffer.from(`carol ${i}`),
        // many rows share a moment: the keyset must neither skip nor repeat them
        uploadedAt: i % 3 === 0 ? sameMoment : new Date(sameMoment.getTime() + i * 1000),
      });
    // votes on more media than a page holds: rows of another account, no stored files needed
    await db(t).query(
      `INSERT INTO media (user_id, storage_key, original_name, mime_type, size, renditions_state)
       SELECT $1, 'nofile/' || g, 'x.jpg', 'image/jpeg', 1, 'ready' FROM generate_series(1, $2::int) g`,
      [other.id, EXPORT_PAGE * 2 + 7],
    );
    await db(t).query(
      `INSERT INTO votes (user_id, media_id, is_hot, voted_at)
       SELECT $1, id, id % 2 = 0, now() - id * interval '1 second' FROM media WHERE user_id = $2`,
      [carol.id, other.id],
    );

    const out = await downloadExport(carol.agent, carol.id);
    expect(out.votes).toHaveLength(EXPORT_PAGE * 2 + 7);
    expect(out.votes).toEqual(await votesInDb(t, carol.id));
    const ids = await uploadIdsInDb(t, carol.id);
    expect(ids).toHaveLength(uploads);
    expect(out.uploads.map((r) => Number(r[0]))).toEqual(ids);
    expect(out.files.size).toBe(uploads);
    expect(storage.provider).toBe('local');
  });

  it('once an hour: the second download and its check answer 429 with Retry-After; the check spends nothing', async () => {
    const dave = await newVisitor(t);
    // the page's check before the download spends nothing
    await dave.agent.get(`/api/users/${dave.id}/export/check`).expect(204);
    await dave.agent.get(`/api/users/${dave.id}/export/check`).expect(204);
    await downloadExport(dave.agent, dave.id);

    for (const path of [`/api/users/${dave.id}/export`, `/api/users/${dave.id}/export/check`]) {
      const res = await dave.agent.get(path).expect(429);
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(HOUR_S - 120);
      expect(wait).toBeLessThanOrEqual(HOUR_S);
      expect(res.body).toMatchObject({
        statusCode: 429,
        error: 'quota_exceeded',
        message: expect.stringMatching(/^You can download your data once an hour; try again in \d+ minutes$/),
      });
    }
    // another account is not held back by Dave's hour
    const erin = await newVisitor(t);
    await erin.agent.get(`/api/users/${erin.id}/export/check`).expect(204);
  });

  it("is the cookie's account only: another user's id is 403, no session 401", async () => {
    const frank = await newVisitor(t);
    const grace = await newVisitor(t);
    await frank.agent.get(`/api/users/${grace.id}/export`).expect(403);
    await frank.agent.get(`/api/users/${grace.id}/export/check`).expect(403);
    await request(t.server).get(`/api/users/${grace.id}/export`).expect(401);
    // Grace's hour was not spent by Frank's attempt
    await downloadExport(grace.agent, grace.id);
  });

  // a deletion ends the account's sessions first and erases it in the background; or the row is simply gone
  const endings = [
    ['deletion starts (its sessions end)', `DELETE FROM sessions WHERE user_id = $1`],
    ['row is deleted', `DELETE FROM users WHERE id = $1`],
  ] as const;
  it.each(endings)(
    'an account whose %s while its export streams gets a cut download, never a zip that opens',
    async (_, sql) => {
      const heidi: Visitor = await newVisitor(t);
      // more bytes than loopback's socket buffers hold (up to 32 MB received + 4 MB sent here), so the
      // server is still writing while the client has not read a byte
      const body = Buffer.alloc(1024 * 1024, 7);
      for (let i = 0; i < 64; i++) await seedStoredMedia(t, { userId: heidi.id, body, originalName: `big${i}.jpg` });
      await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = t.server.address() as AddressInfo;
        const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
          http
            .get({ host: '127.0.0.1', port, path: `/api/users/${heidi.id}/export`, headers: { Cookie: heidi.cookie } })
            .on('response', resolve)
            .on('error', reject),
        );
        expect(res.statusCode).toBe(200);
        const chunks: Buffer[] = [];
        const ended = new Promise<'end' | 'cut'>((resolve) => {
          res.on('end', () => resolve('end'));
          res.on('error', () => resolve('cut'));
          res.on('aborted', () => resolve('cut'));
        });
        res.pause();
        await db(t).query(sql, [heidi.id]);
        res.on('data', (c: Buffer) => chunks.push(c));
        res.resume();
        expect(await ended).toBe('cut');
        await expect(openExport(Buffer.concat(chunks))).rejects.toThrow();
      } finally {
        await new Promise<void>((resolve) => t.server.close(() => resolve()));
      }
    },
  );

  it('a download the client cuts short ends the export and keeps its hour spent', async () => {
    const kim: Visitor = await newVisitor(t);
    const body = Buffer.alloc(1024 * 1024, 3);
    for (let i = 0; i < 48; i++) await seedStoredMedia(t, { userId: kim.id, body });
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = t.server.address() as AddressInfo;
      const req = http.get({
        host: '127.0.0.1',
        port,
        path: `/api/users/${kim.id}/export`,
        headers: { Cookie: kim.cookie },
      });
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        req.on('response', resolve).on('error', reject),
      );
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => res.once('data', resolve));
      req.destroy();
    } finally {
      await new Promise<void>((resolve) => t.server.close(() => resolve()));
    }
    // the server stopped (its 'closed by the client' path) and answers as before
    const res = await kim.agent.get(`/api/users/${kim.id}/export/check`).expect(429);
    expect(res.body.message).toMatch(/once an hour/);
  });
});

describe(`download my data from S3 storage (${dbKind})`, () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    t = await startTestApp(s3.env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('streams the originals out of the bucket', async () => {
    expect(t.app.get(ObjectStorage).provider).toBe('s3');
    const ivan = await newVisitor(t);
    const seeded = [];
    for (let i = 0; i < 3; i++)
      seeded.push(await seedStoredMedia(t, { userId: ivan.id, body: Buffer.alloc(70_000 + i, i + 1) }));
    const out = await downloadExport(ivan.agent, ivan.id);
    expect(out.files.size).toBe(3);
    for (const m of seeded) expect(out.files.get(`uploads/${m.id}-photo.bin`)).toEqual(await stored(t, m.storageKey));
    expect(out.uploads.map((r) => Number(r[0]))).toEqual(await uploadIdsInDb(t, ivan.id));
  });
});

// the hour counted in Redis and shared by replicas: the PostgreSQL pass only, where the run has
// Redis (not a skipped test on PGlite: CI fails on any skip)
if (redisUrl && dbKind === 'postgres') {
  describe('download my data, the hour counted in Redis across two replicas', () => {
    const prefix = `data-export-test-${process.pid}-${Date.now()}`;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp({ REDIS_URL: redisUrl, JOBS_PREFIX: prefix });
      b = await startTestApp({
        REDIS_URL: redisUrl,
        JOBS_PREFIX: prefix,
        DATABASE_URL: a.config.databaseUrl,
        RUN_JOBS: 'false',
      });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      const redis = new Redis(redisUrl!);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it('an export through one replica holds back the next through the other', async () => {
      const judy = await newVisitor(a);
      const onB = request.agent(b.server).set('Cookie', judy.cookie);
      await onB.get(`/api/users/${judy.id}/export/check`).expect(204);
      await downloadExport(judy.agent, judy.id);
      for (const path of [`/api/users/${judy.id}/export/check`, `/api/users/${judy.id}/export`]) {
        const res = await onB.get(path).expect(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(HOUR_S - 120);
      }
    });
  });
}
