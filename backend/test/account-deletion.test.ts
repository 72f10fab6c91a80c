import request from 'supertest';
import { pngImage, upload } from './fixtures/media-fixtures.js';
import { ghostShareCounts, ghostTallies, queryOf, rowsOf, seedBigAccount } from './support/account-deletion.js';
import { asAdmin } from './support/admin.js';
import { listKeys, waitForJob } from './support/jobs.js';
import { outboxOf } from './support/outbox.js';
import { startS3, type TestS3 } from './support/s3rver.js';
import { linkIn } from './support/smtp.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

const deleteAccount = (v: Visitor, username = v.username, id: number = v.id) =>
  v.agent.post(`/api/users/${id}/delete`).send({ username });

/** Issue 27 item 4: "Delete my account", from the Profile and from the admin's Users page. */
function deletionSuite(storageKind: 'local disk' | 'S3') {
  describe(`account deletion (${dbKind}, ${storageKind})`, () => {
    let s3: TestS3 | undefined;
    let t: TestApp;
    const q = (sql: string, params?: unknown[]) => queryOf(t)(sql, params);
    beforeAll(async () => {
      s3 = storageKind === 'S3' ? await startS3() : undefined;
      t = await startTestApp(s3?.env ?? {});
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await s3?.close();
    });

    it('another user cannot delete the account (403), a wrong confirmation is 400 with the reason; nothing changes', async () => {
      const owner = await newVisitor(t);
      const stranger = await newVisitor(t);
      await deleteAccount(stranger, owner.username, owner.id).expect(403);
      await deleteAccount(stranger, stranger.username, owner.id).expect(403);
      const wrong = await deleteAccount(owner, owner.username.toUpperCase()).expect(400);
      expect(wrong.body.message).toBe('The username you typed does not match this account');
      expect((await deleteAccount(owner, '  ').expect(400)).body.message).toBe(
        'Type your username to confirm the deletion',
      );
      await owner.agent.post(`/api/users/${owner.id}/delete`).send({}).expect(400);
      expect(await rowsOf(q, owner.id)).toMatchObject({ users: 1, sessions: 1 });
      expect((await owner.agent.get('/api/session').expect(200)).body.id).toBe(owner.id);
    });

    it('deletes an account of 200 uploads and 5,000 votes: no row, no file, every other count equals a recount', async () => {
      const gone = await newVisitor(t);
      const other = await newVisitor(t);
      const reporter = other; // the account's report on someone's item stays, without its reporter
      const keys = await seedBigAccount(t, q, { userId: gone.id, otherId: other.id, uploads: 200, votes: 5000 });
      const othersItem = (await q(`SELECT id FROM media WHERE user_id = $1 ORDER BY id LIMIT 1`, [reporter.id]))[0].id;
      await gone.agent.post(`/api/media/${othersItem}/report`).send({ reason: 'spam' }).expect(201);
      await q(`UPDATE users SET email = 'leaving@example.com', email_verified = true WHERE id = $1`, [gone.id]);
      const otherKeysBefore = (await listKeys(t)).filter((k) => !keys.includes(k));

      const res = await deleteAccount(gone).expect(202);
      expect(res.body).toMatchObject({ uploads: 200, votes: 5000 });
      // the browser is a guest at once: the cookie is cleared and the old one opens nothing
      expect(String(res.headers['set-cookie'])).toMatch(/vibe_session=;/);
      await request(t.server).get('/api/session').set('Cookie', gone.cookie).expect(401);
      await request(t.server)
        .post('/api/votes')
        .set('Cookie', gone.cookie)
        .send({ mediaId: othersItem, isHot: true })
        .expect(401);

      const job = await waitForJob(t, res.body.jobId, 120_000);
      expect(job).toMatchObject({ name: 'delete-account', state: 'completed' });
      expect(job.result).toEqual({ uploadsDeleted: 200, votesDeleted: 5000, viewsDeleted: 5000, accountDeleted: true });
      expect(job.progress).toMatchObject({ percent: 100, uploadsDeleted: 200, totalUploads: 200, votesDeleted: 5000 });

      expect(await rowsOf(q, gone.id)).toEqual({
        users: 0,
        sessions: 0,
        media: 0,
        votes: 0,
        views: 0,
        reports: 0,
        magic_links: 0,
        share_links: 0,
        share_visits: 0,
        pick_laps: 0,
      });
      const after = await listKeys(t);
      expect(after.filter((k) => keys.includes(k))).toEqual([]);
      expect(after).toEqual(otherKeysBefore);
      expect(await q(`SELECT storage_key FROM orphan_objects`)).toEqual([]);
      expect(await ghostTallies(q)).toEqual([]);
      expect(await ghostShareCounts(q)).toEqual([]);
      // the report stays for moderation, without who filed it
      expect(await q(`SELECT user_id, reason FROM reports WHERE media_id = $1`, [othersItem])).toEqual([
        { user_id: null, reason: 'spam' },
      ]);
      // the audit log says an account was deleted, never whose
      const audit = await q(`SELECT admin, action, target, detail FROM audit_log WHERE action LIKE 'account.%'`);
      expect(audit).toEqual([
        expect.objectContaining({ action: 'account.deleted', target: 'an account', admin: '(the account holder)' }),
      ]);
      expect(JSON.stringify(await q(`SELECT * FROM audit_log`))).not.toContain(gone.username);

      // the freed e-mail makes a new account
      const fresh = await newVisitor(t);
      const outbox = outboxOf(t);
      const before = await outbox.messages();
      await fresh.agent.post('/api/auth/send-magic-link').send({ email: 'leaving@example.com' }).expect(200);
      const token = new URL(linkIn(await outbox.mailTo('leaving@example.com', before))).searchParams.get('token')!;
      await fresh.agent.post('/api/auth/magic-link').type('form').send({ token }).expect(303);
      const now = (await fresh.agent.get('/api/session').expect(200)).body;
      expect(now).toMatchObject({ email: 'leaving@example.com', emailVerified: true });
      expect(now.id).not.toBe(gone.id);
    }, 240_000);

    it('races an upload and a vote of the same account: no orphan file, no vote without its user, no ghost', async () => {
      const othersItem = await (async () => {
        const o = await newVisitor(t);
        await q(
          `INSERT INTO media (user_id, storage_key, original_name, mime_type, size, renditions_state)
           VALUES ($1::int, 'race/' || $1::int || '.png', 'r.png', 'image/png', 1, 'ready')`,
          [o.id],
        );
        return (await q(`SELECT id FROM media WHERE user_id = $1`, [o.id]))[0].id as number;
      })();
      const png = await pngImage(24, 16);
      for (let round = 0; round < 4; round++) {
        const v = await newVisitor(t);
        const before = new Set(await listKeys(t));
        const [up, vote, del] = await Promise.all([
          upload(v, png, `race-${round}.png`),
          v.agent.post('/api/votes').send({ userId: v.id, mediaId: othersItem, isHot: true }),
          // the deletion goes in between (or first, or last): every order must end clean
          new Promise<request.Response>((r) => setTimeout(r, round * 3)).then(() => deleteAccount(v)),
        ]);
        expect([201, 401, 404, 409, 503]).toContain(up.status);
        expect([200, 201, 401, 404]).toContain(vote.status);
        expect(del.status).toBe(202);
        await waitForJob(t, del.body.jobId, 60_000);
        expect(await rowsOf(q, v.id)).toMatchObject({ users: 0, media: 0, votes: 0, views: 0 });
        // renditions the upload queued may still be made and then swept: wait for its job to settle
        const added = (await listKeys(t)).filter((k) => !before.has(k));
        const noted = new Set((await q(`SELECT storage_key FROM orphan_objects`)).map((r) => r.storage_key));
        // a file left over is at most one noted for the sweep, never one nothing knows about
        expect(added.filter((k) => !noted.has(k))).toEqual([]);
        expect(await ghostTallies(q)).toEqual([]);
      }
    }, 120_000);

    it("the admin's Delete account does the same, audited without naming the account; 404 and a system user refused", async () => {
      const v = await newVisitor(t);
      await seedBigAccount(t, q, { userId: v.id, otherId: (await newVisitor(t)).id, uploads: 3, votes: 20 });
      const res = await asAdmin(t).post(`/api/admin/users/${v.id}/delete`).send({}).expect(202);
      await request(t.server).get('/api/session').set('Cookie', v.cookie).expect(401);
      expect((await waitForJob(t, res.body.jobId)).state).toBe('completed');
      expect(await rowsOf(q, v.id)).toMatchObject({ users: 0, media: 0, votes: 0 });
      const [asked] = await q(`SELECT * FROM audit_log WHERE action = 'account.delete' ORDER BY id DESC LIMIT 1`);
      expect(asked).toMatchObject({ outcome: 'ok', target: 'an account' });
      expect(JSON.stringify(asked)).not.toContain(v.username);
      const [done] = await q(`SELECT * FROM audit_log WHERE action = 'account.deleted' ORDER BY id DESC LIMIT 1`);
      expect(done).toMatchObject({ admin: t.config.adminUsername, target: 'an account' });
      await asAdmin(t).post(`/api/admin/users/${v.id}/delete`).send({}).expect(404);
      const [system] = await q(
        `INSERT INTO users (session_id, username) VALUES ('import-owner-marker-for-the-test', 'ImportOwnerX') RETURNING id`,
      );
      await asAdmin(t).post(`/api/admin/users/${system.id}/delete`).send({}).expect(409);
      await request(t.server).post(`/api/admin/users/${system.id}/delete`).send({}).expect(401);
    }, 120_000);
  });
}

deletionSuite('local disk');
deletionSuite('S3');
