import { UsersAdminRepository } from '../src/modules/users/admin/users-admin.repository.js';
import { MediaAdminRepository } from '../src/modules/media/admin/media-admin.repository.js';
import { PopulationRepository } from '../src/modules/voting/population/population.repository.js';
import { db, seedStoredMedia, seedView, seedVote } from './support/admin.js';
import { expectConsistent, populationFacts, insertMediaRows } from './support/jobs.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

/**
 * The adapters' SQL on a real database (PGlite, and PostgreSQL in its pass), called through their
 * ports with no HTTP or job runner around them.
 */
describe(`repositories on the database (${dbKind})`, () => {
  let t: TestApp;
  const query = (sql: string, params?: unknown[]) => db(t).query(sql, params);
  beforeAll(async () => {
    t = await startTestApp({ RUN_JOBS: 'false' });
  });
  afterAll(() => t.close());

  describe('population batch', () => {
    it('inserts at most maxVotes votes a batch, each with its view and tally, until the run completes', async () => {
      await insertMediaRows(query, 40);
      const runs = t.app.get(PopulationRepository);
      const run = (await runs.create())!;
      expect(run.state).toBe('running');
      expect(await runs.create()).toBeNull(); // one active run at a time

      const first = await runs.runBatch(run.id, run.segment, 200);
      expect(first.kind).toBe('progress');
      expect(first.run.votesInserted).toBeGreaterThan(0);
      expect(first.run.votesInserted).toBeLessThanOrEqual(200);
      expect(first.run.usersCreated).toBeGreaterThan(0);
      expectConsistent(await populationFacts(query));

      // another segment's job finds the run taken over and stops without writing
      const before = (await populationFacts(query)).seeded_votes;
      expect((await runs.runBatch(run.id, run.segment + 1, 200)).kind).toBe('halted');
      expect((await populationFacts(query)).seeded_votes).toBe(before);

      let outcome = first;
      for (let i = 0; i < 100 && outcome.kind === 'progress'; i++)
        outcome = await runs.runBatch(run.id, run.segment, 200);
      expect(outcome.kind).toBe('completed');
      expect(outcome.run.mediaProcessed).toBe(40);
      const facts = await populationFacts(query);
      expectConsistent(facts);
      // the pool was created once, by the first batch, through session's SystemUsers
      expect(facts.seeded_users).toBe(first.run.usersCreated);
    });
  });

  describe('admin lists', () => {
    it('filters, sorts, pages and counts users and media', async () => {
      const [a, b, c] = [await newVisitor(t), await newVisitor(t), await newVisitor(t)];
      await query(`UPDATE users SET username = $2, email = $3 WHERE id = $1`, [a.id, 'Ada_Repo', 'ada@example.com']);
      await query(`UPDATE users SET username = $2 WHERE id = $1`, [b.id, 'AdaXRepo']);
      const m1 = await seedStoredMedia(t, { userId: a.id, originalName: 'sunset.jpg' });
      const m2 = await seedStoredMedia(t, { userId: a.id, originalName: 'clip.mp4', mimeType: 'video/mp4' });
      await seedVote(t, b.id, m1.id, true);
      await seedView(t, b.id, m1.id);

      const users = t.app.get(UsersAdminRepository);
      const sort = { field: 'id' as const, order: 'ASC' as const };
      // `_` is a literal underscore in a search, not LIKE's any-character
      const ada = await users.list({ q: 'ada_', sort, offset: 0, limit: 10 });
      expect(ada.rows.map((r) => r.id)).toEqual([a.id]);
      expect(ada.total).toBe(1);
      const byVotes = await users.list({
        ids: [a.id, b.id, c.id],
        sort: { field: 'totalVotes', order: 'DESC' },
        offset: 0,
        limit: 1,
      });
      expect(byVotes.total).toBe(3);
      expect(byVotes.rows[0]).toMatchObject({ id: b.id, totalVotes: 1, totalViews: 1, totalUploads: 0 });
      const page2 = await users.list({ ids: [a.id, b.id, c.id], sort, offset: 1, limit: 1 });
      expect(page2.rows.map((r) => r.id)).toEqual([b.id]);
      expect((await users.list({ ids: [a.id, b.id, c.id], sort, offset: 0, limit: 10 }, 99)).total).toBe(99);
      expect(await users.findRow(a.id)).toMatchObject({ username: 'Ada_Repo', totalUploads: 2, totalVotes: 0 });

      const media = t.app.get(MediaAdminRepository);
      const videos = await media.list({ type: 'video', userId: a.id, sort, offset: 0, limit: 10 });
      expect(videos.rows.map((r) => r.id)).toEqual([m2.id]);
      expect(videos.total).toBe(1);
      const named = await media.list({
        q: 'sun',
        ids: [m1.id, m2.id],
        sort: { field: 'hotVotes', order: 'DESC' },
        offset: 0,
        limit: 10,
      });
      expect(named.rows).toEqual([
        expect.objectContaining({ id: m1.id, hotVotes: 1, notVotes: 0, username: 'Ada_Repo' }),
      ]);
      expect(await media.findRow(m2.id)).toMatchObject({ mimeType: 'video/mp4', originalName: 'clip.mp4' });
      expect(await media.findRow(2_000_000_000)).toBeNull();
    });
  });
});
