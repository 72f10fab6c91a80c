import request from 'supertest';
import { asAdmin, db, seedStoredMedia } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const report = (v: Visitor, mediaId: number, body: object = { reason: 'spam' }) =>
  v.agent.post(`/api/media/${mediaId}/report`).send(body);

const hiddenOf = async (t: TestApp, id: number): Promise<boolean> =>
  (await db(t).query(`SELECT hidden FROM media WHERE id = $1`, [id]))[0].hidden;

const queue = async (t: TestApp, status: 'open' | 'decided' = 'open'): Promise<Json[]> =>
  (await asAdmin(t).get(`/api/admin/moderation?status=${status}`).expect(200)).body;

const underReview = async (owner: Visitor, id: number): Promise<boolean> =>
  (await owner.agent.get(`/api/users/${owner.id}/stats`).expect(200)).body.mediaStats.find(
    (m: { id: number }) => m.id === id,
  ).underReview;

describe(`reports and the moderation queue (${dbKind})`, () => {
  let t: TestApp;
  let owner: Visitor;
  let reporters: Visitor[];
  beforeAll(async () => {
    t = await startTestApp({ MODERATION_HIDE_AFTER: '3' });
    owner = await newVisitor(t);
    reporters = [];
    for (let i = 0; i < 4; i++) reporters.push(await newVisitor(t));
  });
  afterAll(() => t.close());

  it('takes one report per visitor (a 409 from the constraint), refuses own media, unknown media and bad bodies', async () => {
    const m = await seedStoredMedia(t, { userId: owner.id });
    const [a] = reporters as [Visitor];
    expect((await report(a, m.id, { reason: 'copyright' }).expect(201)).body).toEqual({ reported: true });
    const again = await report(a, m.id, { reason: 'spam' }).expect(409);
    expect(again.body).toMatchObject({ statusCode: 409, error: 'already_reported' });
    expect((await report(owner, m.id).expect(400)).body.error).toBe('own_media');
    expect((await report(a, 999_999).expect(404)).body.error).toBe('not_found');

    const bad: object[] = [
      {},
      { reason: 'nasty' },
      { reason: 'other' },
      { reason: 'other', note: '   ' },
      { reason: 'spam', note: 'x'.repeat(201) },
      { reason: 'spam', note: 5 },
      { reason: null },
      { reason: 'spam', userId: a.id },
    ];
    const other = await seedStoredMedia(t, { userId: owner.id });
    for (const body of bad) {
      const res = await report(a, other.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await db(t).query(`SELECT count(*)::int AS n FROM reports WHERE media_id = $1`, [other.id]))[0].n).toBe(0);
    await report(a, other.id, { reason: 'other', note: ' not a real photo ' }).expect(201);
    const [row] = await db(t).query(`SELECT reason, note FROM reports WHERE media_id = $1`, [other.id]);
    expect(row).toEqual({ reason: 'other', note: 'not a real photo' });
    // needs a session
    await request(t.server).post(`/api/media/${other.id}/report`).send({ reason: 'spam' }).expect(401);
  });

  it('hides the item at the third distinct reporter, shows it in the queue, and the owner sees it under review', async () => {
    const m = await seedStoredMedia(t, { userId: owner.id, originalName: 'beach.jpg' });
    const [a, b, c] = reporters as [Visitor, Visitor, Visitor];
    await report(a, m.id, { reason: 'spam' }).expect(201);
    await report(b, m.id, { reason: 'other', note: 'fake' }).expect(201);
    expect(await hiddenOf(t, m.id)).toBe(false);
    expect(await underReview(owner, m.id)).toBe(false);
    await report(c, m.id, { reason: 'spam' }).expect(201);
    expect(await hiddenOf(t, m.id)).toBe(true);
    expect(await underReview(owner, m.id)).toBe(true);

    const row = (await queue(t)).find((r) => r.id === m.id);
    expect(row).toEqual({
      id: m.id,
      mediaUrl: `/media/${m.storageKey}`,
      mimeType: 'image/jpeg',
      originalName: 'beach.jpg',
      uploaderId: owner.id,
      uploaderName: owner.username,
      reports: 3,
      // the test app counts every reporter (test-app.ts); report-brigading.test.ts has the real rule
      countedReports: 3,
      reporters: { saved: 0, established: 3, new: 0 },
      keptBefore: false,
      reasons: { spam: 2, other: 1 },
      notes: ['fake'],
      hidden: true,
      fileDeleted: false,
      status: 'open',
      firstReportedAt: expect.stringMatching(/^\d{4}-/),
      lastReportedAt: expect.stringMatching(/^\d{4}-/),
      decidedAt: null,
      // the seeded row has no renditions: the card shows the original
      width: null,
      height: null,
      placeholder: null,
      thumbUrl: null,
      previewUrl: null,
      srcset: null,
      playbackUrl: null,
      fullUrl: null,
    });

    // a fourth visitor's pick never offers it (the owner's other items are all hidden or reported here)
    const fresh = await newVisitor(t);
    for (let i = 0; i < 10; i++) {
      const pick = await fresh.agent.get(`/api/media/random/${fresh.id}`);
      if (pick.status === 200 && pick.body) expect(pick.body.id).not.toBe(m.id);
    }
  });

  it('keep dismisses the reports and unhides; delete removes the media and keeps the record under decided', async () => {
    const kept = await seedStoredMedia(t, { userId: owner.id });
    const removed = await seedStoredMedia(t, { userId: owner.id, originalName: 'gone.jpg' });
    for (const v of reporters.slice(0, 3)) {
      await report(v, kept.id).expect(201);
      await report(v, removed.id, { reason: 'violence' }).expect(201);
    }
    expect(await hiddenOf(t, kept.id)).toBe(true);

    const k = await asAdmin(t)
      .post('/api/admin/moderation/keep')
      .send({ ids: [kept.id, 999_999] })
      .expect(200);
    expect(k.body).toEqual({ kept: [kept.id], notFound: [999_999] });
    expect(await hiddenOf(t, kept.id)).toBe(false);
    expect(await underReview(owner, kept.id)).toBe(false);
    expect((await queue(t)).map((r) => r.id)).not.toContain(kept.id);
    expect((await queue(t, 'decided')).find((r) => r.id === kept.id)).toMatchObject({ status: 'kept', hidden: false });
    // dismissed reports stay (one per visitor still holds) but count no more: a new reporter starts over
    await report(reporters[0]!, kept.id).expect(409);
    await report(reporters[3]!, kept.id).expect(201);
    expect(await hiddenOf(t, kept.id)).toBe(false);
    expect((await queue(t)).find((r) => r.id === kept.id)).toMatchObject({ reports: 1, status: 'open' });

    const d = await asAdmin(t)
      .post('/api/admin/moderation/delete')
      .send({ ids: [removed.id, 999_998] })
      .expect(200);
    expect(d.body).toEqual({ deleted: [removed.id], notFound: [999_998] });
    expect((await db(t).query(`SELECT id FROM media WHERE id = $1`, [removed.id])).length).toBe(0);
    expect((await queue(t, 'decided')).find((r) => r.id === removed.id)).toMatchObject({
      status: 'deleted',
      originalName: 'gone.jpg',
      uploaderName: owner.username,
      reports: 3,
      reasons: { violence: 3 },
      hidden: false,
      fileDeleted: true,
      decidedAt: expect.stringMatching(/^\d{4}-/),
    });
    const audit = (await asAdmin(t).get('/api/admin/audit').expect(200)).body;
    expect(audit.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'moderation.delete', target: `media ${removed.id}`, outcome: 'ok' }),
      expect.objectContaining({ action: 'moderation.keep', target: `media ${kept.id}`, outcome: 'ok' }),
    ]);
  });

  it('lists with simple-rest paging, most reports first', async () => {
    const res = await asAdmin(t).get('/api/admin/moderation?range=[0,0]').expect(200);
    expect(res.headers['content-range']).toMatch(/^moderation 0-0\/\d+$/);
    expect(res.body).toHaveLength(1);
    const all = await queue(t);
    const counts = all.map((r) => r.reports);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    await asAdmin(t).get('/api/admin/moderation?status=closed').expect(400);
    await asAdmin(t).get('/api/admin/moderation?sort=["nope","ASC"]').expect(400);
    await request(t.server).get('/api/admin/moderation').expect(401);
    await asAdmin(t).post('/api/admin/moderation/keep').send({ ids: [] }).expect(400);
    await asAdmin(t)
      .post('/api/admin/moderation/keep')
      .send({ ids: ['1'] })
      .expect(400);
  });
});

describe(`parallel reports cross the hide threshold exactly once (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MODERATION_HIDE_AFTER: '3' });
  });
  afterAll(() => t.close());

  it('counts every report and hides in exactly one transaction', async () => {
    const owner = await newVisitor(t);
    const visitors: Visitor[] = [];
    for (let i = 0; i < 12; i++) visitors.push(await newVisitor(t));
    // instrumentation on the test's own database: every false → true flip of the flags is logged
    await db(t).query(`CREATE TABLE hide_flips (what text NOT NULL, media_id int NOT NULL, txid bigint NOT NULL)`);
    await db(t).query(`
      CREATE FUNCTION log_hide_flip() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO hide_flips
          VALUES (TG_TABLE_NAME, COALESCE(to_jsonb(NEW) ->> 'media_id', to_jsonb(NEW) ->> 'id')::int, txid_current());
        RETURN NULL;
      END $$`);
    await db(t).query(`CREATE TRIGGER media_flip AFTER UPDATE ON media FOR EACH ROW
                        WHEN (NOT OLD.hidden AND NEW.hidden) EXECUTE FUNCTION log_hide_flip()`);
    await db(t).query(`CREATE TRIGGER moderation_flip AFTER UPDATE ON moderation FOR EACH ROW
                        WHEN (NOT OLD.hidden_by_reports AND NEW.hidden_by_reports) EXECUTE FUNCTION log_hide_flip()`);

    for (let round = 0; round < 3; round++) {
      const m = await seedStoredMedia(t, { userId: owner.id });
      const answers = await Promise.all(visitors.map((v) => report(v, m.id)));
      expect(answers.map((r) => r.status)).toEqual(visitors.map(() => 201));
      const [mo] = await db(t).query(
        `SELECT reports, hidden_by_reports, (SELECT count(*)::int FROM reports WHERE media_id = $1) AS rows
           FROM moderation WHERE media_id = $1`,
        [m.id],
      );
      expect(mo).toEqual({ reports: visitors.length, hidden_by_reports: true, rows: visitors.length });
      expect(await hiddenOf(t, m.id)).toBe(true);
      const flips = await db(t).query(`SELECT what, txid FROM hide_flips WHERE media_id = $1 ORDER BY what`, [m.id]);
      expect(flips.map((f: Json) => f.what)).toEqual(['media', 'moderation']);
      expect(flips[0].txid).toBe(flips[1].txid); // the same transaction set both
    }
  });

  it('reports racing keeps and unbans of the same item never deadlock (every answer a decision, no 500)', async () => {
    const owner = await newVisitor(t);
    const visitors: Visitor[] = [];
    for (let i = 0; i < 16; i++) visitors.push(await newVisitor(t));
    for (let round = 0; round < 4; round++) {
      const m = await seedStoredMedia(t, { userId: owner.id });
      await report(visitors[0]!, m.id).expect(201);
      // a report locks the item, then its moderation row; keep and unban must take them in the same order
      const answers = await Promise.all([
        ...visitors.slice(1).map((v) => report(v, m.id)),
        ...Array.from({ length: 6 }, () =>
          asAdmin(t)
            .post('/api/admin/moderation/keep')
            .send({ ids: [m.id] }),
        ),
        ...Array.from({ length: 4 }, () =>
          asAdmin(t)
            .post('/api/admin/users/unban')
            .send({ ids: [owner.id] }),
        ),
      ]);
      const failed = answers.filter((r) => r.status >= 500).map((r) => `${r.status} ${JSON.stringify(r.body)}`);
      expect(failed).toEqual([]);
      const [{ reports }] = await db(t).query(`SELECT count(*)::int AS reports FROM reports WHERE media_id = $1`, [
        m.id,
      ]);
      expect(reports).toBe(visitors.length);
    }
  });

  it('one visitor sending the same report in parallel gets one 201 and 409s', async () => {
    const owner = await newVisitor(t);
    const v = await newVisitor(t);
    const m = await seedStoredMedia(t, { userId: owner.id });
    const answers = await Promise.all(Array.from({ length: 6 }, () => report(v, m.id)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const [{ reports }] = await db(t).query(`SELECT reports FROM moderation WHERE media_id = $1`, [m.id]);
    expect(reports).toBe(1);
  });
});
