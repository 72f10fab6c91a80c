import { hotScore } from '@vibe/contract/confidence';
import { asAdmin, db, seedStoredMedia } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

const q = (params: Record<string, unknown>) =>
  '?' +
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&');

describe(`admin media sorted by hot share and by its confidence (${dbKind})`, () => {
  let t: TestApp;
  // name → [hot, total]: the raw share and the lower bound order these differently
  const tallies: Record<string, [number, number]> = {
    'lucky-one.jpg': [1, 1], // 100 %, lower bound 0.21
    'two-of-three.jpg': [2, 3], // 67 %, 0.21 (just above lucky-one)
    'crowd-favourite.jpg': [900, 1000], // 90 %, 0.88
    'mixed.jpg': [55, 100], // 55 %, 0.45
    'unvoted.jpg': [0, 0],
    'all-not.jpg': [0, 40], // 0 %, 0
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const owner = await newVisitor(t);
    for (const [name, [hot, total]] of Object.entries(tallies)) {
      const m = await seedStoredMedia(t, { userId: owner.id, originalName: name });
      ids[name] = m.id;
      // the tallies are what the sort reads; the votes behind them are not what this is about
      await db(t).query(`UPDATE media SET hot_votes = $2, total_votes = $3 WHERE id = $1`, [m.id, hot, total]);
    }
  });
  afterAll(() => t.close());

  const names = async (sort: [string, 'ASC' | 'DESC']) => {
    const res = await asAdmin(t)
      .get(`/api/admin/media${q({ sort })}`)
      .expect(200);
    return res.body.map((m: { originalName: string }) => m.originalName);
  };

  it('hotPercentage: the raw share, unvoted media last both ways', async () => {
    expect(await names(['hotPercentage', 'DESC'])).toEqual([
      'lucky-one.jpg',
      'crowd-favourite.jpg',
      'two-of-three.jpg',
      'mixed.jpg',
      'all-not.jpg',
      'unvoted.jpg',
    ]);
    expect((await names(['hotPercentage', 'ASC'])).at(-1)).toBe('unvoted.jpg');
    expect((await names(['hotPercentage', 'ASC']))[0]).toBe('all-not.jpg');
  });

  it('hotScore: many votes outrank a lucky few (Wilson lower bound)', async () => {
    const byScore = await names(['hotScore', 'DESC']);
    expect(byScore.slice(0, 4)).toEqual(['crowd-favourite.jpg', 'mixed.jpg', 'two-of-three.jpg', 'lucky-one.jpg']);
    // equal scores (0) keep the id tiebreak: the later one first when descending
    expect(byScore.slice(4)).toEqual(['all-not.jpg', 'unvoted.jpg']);
  });

  it('hot_score() in SQL is the web apps’ lower bound', async () => {
    const cases = [
      [0, 0],
      [0, 1],
      [1, 1],
      [2, 3],
      [3, 3],
      [50, 100],
      [900, 1000],
      [1, 1_000_000],
      [999_999, 1_000_000],
    ];
    for (const [hot, total] of cases) {
      const [r] = await db(t).query(`SELECT hot_score($1::int, $2::int) AS s`, [hot, total]);
      expect(Number(r.s)).toBeCloseTo(hotScore(hot!, total!), 6);
    }
  });

  it('refuses an unknown sort field with a 400', async () => {
    const res = await asAdmin(t)
      .get(`/api/admin/media${q({ sort: ['hot_score(1,1)', 'DESC'] })}`)
      .expect(400);
    expect(res.body.message).toMatch(/sort/i);
  });
});
