import { createHash } from 'node:crypto';
import request from 'supertest';
import { adminAuth, db, seedStoredMedia, seedVote } from './support/admin.js';
import { waitForJob } from './support/jobs.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newSessionId, newVisitor, type Visitor } from './support/visitor.js';

interface Route {
  method: string;
  path: string;
}

/** Every route the app serves, read from the Express router (so routes added later are walked too). */
function routes(t: TestApp): Route[] {
  interface Layer {
    route?: { path: unknown; methods: Record<string, boolean> };
  }
  const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } }).router;
  const out: Route[] = [];
  for (const layer of router.stack) {
    const p = layer.route?.path;
    if (typeof p !== 'string' || !/^\/(api|media)\b/.test(p)) continue;
    for (const method of Object.keys(layer.route!.methods)) if (method !== '_all') out.push({ method, path: p });
  }
  return out;
}

const deepJson = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** Values no field of any route accepts. */
const HOSTILE_VALUES: unknown[] = [
  null,
  '\u0000',
  'a\u0000b',
  99_999_999_999,
  1e20,
  -99_999_999_999,
  {},
  [null],
  { $gt: '' },
];
const HOSTILE_PARAMS = [
  '%00',
  '99999999999',
  '-1',
  '1e20',
  '1.5',
  '%C0%80',
  'x'.repeat(600),
  '..%2F..%2Fetc',
  '%F0%9F%92%A9',
  'null',
];
const HOSTILE_QUERIES = [
  'range=[1e20,1e20]',
  'range=[0,99999999999999999999]',
  'range=[-1,5]',
  'sort=["id;drop table users","ASC"]',
  'filter={"id":99999999999}',
  'filter={"id":[1,2147483648]}',
  'filter={"userId":99999999999}',
  'filter={"q":"\\u0000"}',
  'filter={"q":{"$gt":""}}',
  'filter=' + encodeURIComponent(deepJson(400)),
  'exclude=99999999999,1e20',
  'userId=99999999999',
  'lat=1e400&lon=-1e400',
  'days=1e20&limit=99999999999',
  'token=%00',
  'q=%00',
];
/** Field names the API's bodies use: each gets every hostile value, alone and in a valid body. */
const FIELDS = [
  'sessionId',
  'username',
  'email',
  'latitude',
  'longitude',
  'userId',
  'mediaId',
  'isHot',
  'token',
  'action',
  'confirm',
  'zoneName',
  'adCode',
  'isActive',
  'idleRedirectTime',
  'idleRedirectUrl',
  'backButtonUrl',
  'filenames',
  'ids',
  'password',
];

/** Everything a request could change, as one digest per table. */
async function state(t: TestApp): Promise<Record<string, string>> {
  const tables: Record<string, string> = {
    users: `SELECT id, session_id, username, email, email_verified, latitude, longitude FROM users ORDER BY id`,
    sessions: `SELECT id, user_id, token_hash FROM sessions ORDER BY id`,
    media: `SELECT id, user_id, storage_key, original_name, total_votes, hot_votes, total_views FROM media ORDER BY id`,
    votes: `SELECT user_id, media_id, is_hot FROM votes ORDER BY user_id, media_id`,
    views: `SELECT user_id, media_id FROM views ORDER BY user_id, media_id`,
    ad_configs: `SELECT zone_id, zone_name, ad_code, is_active FROM ad_configs ORDER BY zone_id`,
    idle: `SELECT id FROM idle_redirect_configs ORDER BY id`,
    back: `SELECT id FROM back_button_configs ORDER BY id`,
    population: `SELECT id, state FROM population_runs ORDER BY id`,
    tokens: `SELECT id, used_at FROM magic_link_tokens ORDER BY id`,
  };
  const out: Record<string, string> = {};
  for (const [name, sql] of Object.entries(tables)) {
    out[name] = createHash('sha256')
      .update(JSON.stringify(await db(t).query(sql)))
      .digest('hex');
  }
  return out;
}

describe(`hostile input on every route (${dbKind})`, () => {
  let t: TestApp;
  let me: Visitor;
  let mediaId: number;
  beforeAll(async () => {
    // no outbound geocoding from a test
    t = await startTestApp({ GEOCODER_URL: 'http://127.0.0.1:9' });
    me = await newVisitor(t);
    const other = await newVisitor(t);
    const media = await seedStoredMedia(t, { userId: other.id });
    mediaId = media.id;
    await seedVote(t, other.id, (await seedStoredMedia(t, { userId: me.id })).id, true);
    // idempotent set-up routes, run once so the walk finds nothing left to create
    await request(t.server).post('/api/admin/ad-migration').set('Authorization', adminAuth(t)).expect(200);
    await request(t.server).post('/api/admin/traffic-handler-migration').set('Authorization', adminAuth(t)).expect(200);
    const imported = await request(t.server).post('/api/admin/import-media').set('Authorization', adminAuth(t));
    expect((await waitForJob(t, imported.body.jobId)).state).toBe('completed'); // creates its system user once
  });
  afterAll(() => t.close());

  /** As the visitor and the admin at once: each route sees the identity it needs. */
  const send = (method: string, url: string) =>
    (request(t.server) as unknown as Record<string, (u: string) => request.Test>)[method]!(url)
      .set('Cookie', me.cookie)
      .set('Authorization', adminAuth(t));

  /** Valid bodies of the routes that take one: hostile values replace one field at a time. */
  const validBodies = (): Record<string, Record<string, unknown>> => ({
    'POST /api/session': { sessionId: me.sessionId, latitude: 10, longitude: 20 },
    'PATCH /api/users/:id': { username: 'CalmTestingOtter', email: 'me@example.com' },
    'POST /api/votes': { userId: me.id, mediaId, isHot: true },
    'POST /api/media/:id/view': { userId: me.id },
    'POST /api/auth/send-magic-link': { email: 'me@example.com', sessionId: me.sessionId },
    'POST /api/auth/login-existing': { email: 'me@example.com' },
    'POST /api/admin/ad-config/:zoneId': { zoneName: 'Zone', adCode: '<b>ad</b>', isActive: true },
    'POST /api/admin/idle-redirect-config': { idleRedirectTime: 60, idleRedirectUrl: 'https://example.com/' },
    'POST /api/admin/back-button-config': { backButtonUrl: 'https://example.com/' },
    'POST /api/admin/populate-votes': { action: 'start' },
    'POST /api/admin/reset-database': { confirm: 'RESET DATABASE' },
    'POST /api/admin/delete-bucket-files': { filenames: ['nothing/here.png'] },
  });

  it('answers every hostile path, query and body without a 5xx and changes nothing', async () => {
    const all = routes(t);
    expect(all.length).toBeGreaterThan(30);
    const failures: string[] = [];
    const check = async (label: string, req: request.Test) => {
      const res = await req;
      if (res.status >= 500) failures.push(`${label} -> ${res.status} ${JSON.stringify(res.body)}`);
    };
    let before = await state(t);
    const fill = (path: string, value: string) => path.replace(/:\w+|\*\w+/g, value);
    // the visitor's own id where a route names its user, ids of nothing elsewhere (a DELETE finds nothing)
    const real = (path: string) =>
      path
        .replace(/^\/api\/users\/:id\b/, `/api/users/${me.id}`)
        .replace(/:userId\b/g, String(me.id))
        .replace(/:zoneId/g, 'zone1')
        .replace(/\*\w+/g, 'nothing/here.png')
        .replace(/:\w+/g, '999999');

    // Logout's one effect is ending the cookie's session whatever the input (device-sessions.test.ts)
    for (const { method, path } of all.filter((r) => r.path !== '/api/session/logout')) {
      for (const p of HOSTILE_PARAMS) {
        if (/[:*]/.test(path)) await check(`${method} ${fill(path, p)}`, send(method, fill(path, p)).send({}));
      }
      const read = method === 'get' || method === 'head';
      for (const q of HOSTILE_QUERIES) {
        // a bodiless POST can be a legitimate action (no body starts a population): send a stray field
        const req = send(method, `${real(path)}?${q}`);
        await check(`${method} ${real(path)}?${q}`, read ? req : req.send({ unexpected: null }));
      }
      if (read) continue;

      const url = real(path);
      await check(`${method} ${url} deep JSON`, send(method, url).type('json').send(deepJson(5000)));
      await check(
        `${method} ${url} deep object`,
        send(method, url)
          .type('json')
          .send(`{"a":${deepJson(200)}}`),
      );
      const base = validBodies()[`${method.toUpperCase()} ${path}`];
      for (const field of FIELDS) {
        for (const value of HOSTILE_VALUES) {
          const body = base ? { ...base, [field]: value } : { [field]: value };
          if (base && !(field in base)) continue;
          await check(`${method} ${url} ${JSON.stringify(body)}`, send(method, url).send(body));
        }
      }
      const after = await state(t);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length) failures.push(`${method} ${path} changed ${changed.join(', ')}`);
      before = after;
    }
    expect(failures).toEqual([]);
  }, 600_000); // thousands of requests: a busy machine needs its time, not a faster answer

  it('names the reason in a 400 for the classic cases', async () => {
    const cases: Array<[string, request.Test, RegExp]> = [
      ['NUL in a path', request(t.server).get('/api/ad-config/%00'), /NUL/],
      ['NUL in a filter', send('get', '/api/admin/users?filter={"q":"\\u0000"}'), /NUL/],
      ['an id above int4 in a filter', send('get', '/api/admin/media?filter={"id":99999999999}'), /filter id/],
      ['range beyond any row', send('get', '/api/admin/users?range=[1e20,1e20]'), /range/],
      [
        'JSON nested 5,000 deep',
        request(t.server).post('/api/session').type('json').send(deepJson(5000)),
        /nested too deeply/,
      ],
      ['a NUL in an ad', send('post', '/api/admin/ad-config/zone1').send({ zoneName: 'Z', adCode: 'a\u0000' }), /NUL/],
      ['a null e-mail', me.agent.patch(`/api/users/${me.id}`).send({ email: null }), /email/],
    ];
    for (const [label, req, message] of cases) {
      const res = await req;
      expect({ label, status: res.status }).toEqual({ label, status: 400 });
      expect(res.body.message).toMatch(message);
    }
  });

  it('20 parallel POST /api/session with one new sessionId all succeed, as one user', async () => {
    const sessionId = newSessionId();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => request(t.server).post('/api/session').send({ sessionId })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    const rows = await db(t).query(
      `SELECT count(*)::int AS n FROM sessions WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [sessionId],
    );
    expect(rows[0].n).toBe(1);
    // the losers of the race left no user without a session behind
    const alone = await db(t).query(
      `SELECT count(*)::int AS n FROM users u WHERE NOT is_seeded AND session_id IS NULL AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id)`,
    );
    expect(alone[0].n).toBe(0);
  });
});
