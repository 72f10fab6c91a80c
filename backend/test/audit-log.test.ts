import request from 'supertest';
import { ANONYMOUS_ACTOR } from '../src/platform/audit/audited.js';
import { ADMIN_THROTTLE } from '../src/platform/http/admin-auth/admin-password-check.js';
import { asAdmin, db, seedStoredMedia } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The codes docs/API.md lists, each declared by the module whose action it is. */
const EVERY_ACTION = [
  'media.delete',
  'media.bulk_delete',
  'media.renditions',
  'user.ban',
  'user.unban',
  'moderation.keep',
  'moderation.delete',
  'db.reset',
  'db.import',
  'db.backup',
  'db.migrate',
  'db.fix_sequence',
  'population.start',
  'population.continue',
  'population.pause',
  'population.stop',
  'traffic.update',
  'ads.update',
  'bucket.delete',
  'admin.login',
  'admin.logout',
];

/** The request comes from loopback, a trusted proxy by default: it may name the client. */
const CLIENT = '203.0.113.7';

const latest = async (t: TestApp, n = 1): Promise<Json[]> =>
  (
    await asAdmin(t)
      .get(`/api/admin/audit?range=[0,${n - 1}]`)
      .expect(200)
  ).body;

/** Makes the database refuse the ok rows of one action: what the action wrote with it must roll back too. */
async function refuseAudit(t: TestApp, action: string): Promise<() => Promise<void>> {
  await db(t).query(`
    CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.action = '${action}' AND NEW.outcome = 'ok' THEN RAISE EXCEPTION 'audit refused for the test'; END IF;
      RETURN NEW;
    END $$`);
  await db(t).query(
    `CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`,
  );
  return async () => {
    await db(t).query(`DROP TRIGGER refuse_audit ON audit_log`);
  };
}

describe(`audit log of operator actions (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MODERATION_HIDE_AFTER: '2' });
  });
  afterAll(() => t.close());

  it('records admin writes with time, admin, action, target, outcome and the trusted client address', async () => {
    const owner = await newVisitor(t);
    const m = await seedStoredMedia(t, { userId: owner.id });
    await asAdmin(t).delete(`/api/admin/media/${m.id}`).set('X-Forwarded-For', CLIENT).expect(200);
    const [row] = await latest(t);
    expect(row).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      admin: 'admin',
      action: 'media.delete',
      target: `media ${m.id}`,
      outcome: 'ok',
      clientAddress: CLIENT,
    });

    await asAdmin(t)
      .post('/api/admin/idle-redirect-config')
      .send({ idleRedirectTime: 120, idleRedirectUrl: 'https://example.com/away' })
      .expect(201);
    expect((await latest(t))[0]).toMatchObject({ action: 'traffic.update', outcome: 'ok', target: 'idle redirect' });

    await asAdmin(t).post('/api/admin/ad-config/zone1').send({ zoneName: 'Z', adCode: '', isActive: false });
    expect((await latest(t))[0]).toMatchObject({ action: 'ads.update', target: 'ad zone zone1' });

    const banned = await newVisitor(t);
    await asAdmin(t)
      .post('/api/admin/users/ban')
      .send({ ids: [banned.id] })
      .expect(200);
    await asAdmin(t)
      .post('/api/admin/users/unban')
      .send({ ids: [banned.id] })
      .expect(200);
    expect((await latest(t, 2)).map((r) => [r.action, r.target])).toEqual([
      ['user.unban', `user ${banned.id}`],
      ['user.ban', `user ${banned.id}`],
    ]);
  });

  it('shows an IPv4 client recorded IPv4-mapped (::ffff:1.2.3.4) as plain IPv4, in the list and the CSV', async () => {
    await db(t).query(
      `INSERT INTO audit_log (admin, action, target, outcome, client_address) VALUES ('admin', 'db.migrate', 'mapped', 'ok', '::ffff:198.51.100.23'),
         ('admin', 'db.migrate', 'v6', 'ok', '2001:db8::1')`,
    );
    const [v6, mapped] = await latest(t, 2);
    expect([mapped.target, mapped.clientAddress]).toEqual(['mapped', '198.51.100.23']);
    expect([v6.target, v6.clientAddress]).toEqual(['v6', '2001:db8::1']);
    const csv = await asAdmin(t).get('/api/admin/audit/export').expect(200);
    expect(csv.text).toContain(',198.51.100.23\r\n');
    expect(csv.text).not.toContain('::ffff:198.51.100.23');
  });

  it('records a refused action as failed with its message, and a login (good or bad) and logout', async () => {
    await asAdmin(t).post('/api/admin/idle-redirect-config').send({ idleRedirectTime: 'soon' }).expect(400);
    expect((await latest(t))[0]).toMatchObject({
      action: 'traffic.update',
      outcome: 'failed',
      detail: expect.stringMatching(/Idle redirect time must be/),
    });

    await request(t.server)
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'wrong-password' })
      .expect(401);
    expect((await latest(t))[0]).toMatchObject({
      action: 'admin.login',
      admin: ANONYMOUS_ACTOR,
      outcome: 'failed',
      detail: 'Invalid credentials (tried as "admin")',
    });
    // the typed name is not an actor: whatever a stranger types stays in the detail, quoted
    await request(t.server)
      .post('/api/admin/login')
      .send({ username: 'root"; admin', password: 'wrong-password' })
      .expect(401);
    expect((await latest(t))[0]).toMatchObject({
      admin: ANONYMOUS_ACTOR,
      outcome: 'failed',
      detail: 'Invalid credentials (tried as "root\\"; admin")',
    });
    const login = await request(t.server)
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'test-admin-password' })
      .expect(200);
    expect((await latest(t))[0]).toMatchObject({ action: 'admin.login', admin: 'admin', outcome: 'ok' });
    await request(t.server).post('/api/admin/logout').set('Authorization', `Bearer ${login.body.token}`).expect(204);
    expect((await latest(t))[0]).toMatchObject({ action: 'admin.logout', admin: 'admin', outcome: 'ok' });
  });

  it('writes the audit row in the action’s own transaction: when the row cannot be written, nothing changed', async () => {
    const owner = await newVisitor(t);
    const [a, b] = [await seedStoredMedia(t, { userId: owner.id }), await seedStoredMedia(t, { userId: owner.id })];
    let restore = await refuseAudit(t, 'media.bulk_delete');
    await asAdmin(t)
      .post('/api/admin/media/delete')
      .send({ ids: [a.id, b.id] })
      .expect(500);
    await restore();
    expect((await db(t).query(`SELECT id FROM media WHERE id = ANY($1::int[])`, [[a.id, b.id]])).length).toBe(2);

    const [r1, r2] = [await newVisitor(t), await newVisitor(t)];
    for (const v of [r1, r2]) await v.agent.post(`/api/media/${a.id}/report`).send({ reason: 'spam' }).expect(201);
    restore = await refuseAudit(t, 'moderation.keep');
    await asAdmin(t)
      .post('/api/admin/moderation/keep')
      .send({ ids: [a.id] })
      .expect(500);
    await restore();
    expect((await db(t).query(`SELECT hidden FROM media WHERE id = $1`, [a.id]))[0].hidden).toBe(true);

    restore = await refuseAudit(t, 'user.ban');
    await asAdmin(t)
      .post('/api/admin/users/ban')
      .send({ ids: [owner.id] })
      .expect(500);
    await restore();
    expect((await db(t).query(`SELECT banned_at FROM users WHERE id = $1`, [owner.id]))[0].banned_at).toBeNull();

    restore = await refuseAudit(t, 'db.reset');
    await asAdmin(t).post('/api/admin/reset-database').send({ confirm: 'RESET DATABASE' }).expect(500);
    await restore();
    expect((await db(t).query(`SELECT count(*)::int AS n FROM media`))[0].n).toBeGreaterThan(0);
    // each refused action is still on the log, as failed
    const failed = (await asAdmin(t).get(`/api/admin/audit?filter=${encodeURIComponent('{"q":"audit refused"}')}`))
      .body;
    expect(failed.map((r: Json) => [r.action, r.outcome])).toEqual([
      ['db.reset', 'failed'],
      ['user.ban', 'failed'],
      ['moderation.keep', 'failed'],
      ['media.bulk_delete', 'failed'],
    ]);
  });

  it('is append-only: UPDATE and DELETE are refused by the database; the reset keeps it and adds its own row', async () => {
    await expect(db(t).query(`UPDATE audit_log SET admin = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(db(t).query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    const before = (await db(t).query(`SELECT count(*)::int AS n FROM audit_log`))[0].n;
    await asAdmin(t).post('/api/admin/reset-database').send({ confirm: 'RESET DATABASE' }).expect(200);
    const [row] = await latest(t);
    expect(row).toMatchObject({ action: 'db.reset', outcome: 'ok', target: 'database' });
    expect((await db(t).query(`SELECT count(*)::int AS n FROM audit_log`))[0].n).toBe(before + 1);
    for (const table of ['reports', 'moderation']) {
      expect((await db(t).query(`SELECT count(*)::int AS n FROM ${table}`))[0].n).toBe(0);
    }
  });

  it('filters by action, text and time, pages simple-rest style, and exports the same rows as CSV', async () => {
    const all = (await asAdmin(t).get('/api/admin/audit').expect(200)).body;
    expect(all.length).toBeGreaterThan(5);
    const ats = all.map((r: Json) => r.at);
    expect(ats).toEqual([...ats].sort().reverse());

    const f = (filter: object) => `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify(filter))}`;
    const logins = (
      await asAdmin(t)
        .get(f({ action: 'admin.login' }))
        .expect(200)
    ).body;
    expect(logins.length).toBe(3);
    expect(logins.every((r: Json) => r.action === 'admin.login')).toBe(true);
    const future = (
      await asAdmin(t)
        .get(f({ from: new Date(Date.now() + 60_000).toISOString() }))
        .expect(200)
    ).body;
    expect(future).toEqual([]);
    const page = await asAdmin(t).get('/api/admin/audit?range=[0,1]').expect(200);
    expect(page.headers['content-range']).toBe(`audit 0-1/${all.length}`);
    await asAdmin(t)
      .get(f({ action: 'nope' }))
      .expect(400);
    // every code an action writes is declared by its module, so the filter accepts it
    await asAdmin(t)
      .get(f({ action: EVERY_ACTION }))
      .expect(200);
    await asAdmin(t)
      .get(f({ from: 'yesterday' }))
      .expect(400);
    await request(t.server).get('/api/admin/audit').expect(401);

    const csv = await asAdmin(t)
      .get(`/api/admin/audit/export?filter=${encodeURIComponent(JSON.stringify({ action: 'admin.login' }))}`)
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit_log_\d{4}-\d\d-\d\d\.csv"$/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,admin,action,target,outcome,detail,clientAddress');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(logins.map((r: Json) => String(r.id)));
    await asAdmin(t)
      .get(`/api/admin/audit/export?filter=${encodeURIComponent('{"to":"never"}')}`)
      .expect(400);
  });

  it('records every checked login but no attempt the throttle refused (429): a flood cannot grow the append-only log', async () => {
    const ip = '203.0.113.99';
    const count = async () =>
      (
        await db(t).query(
          `SELECT count(*)::int AS n FROM audit_log WHERE action = 'admin.login' AND client_address = $1`,
          [ip],
        )
      )[0].n as number;
    for (let i = 0; i < ADMIN_THROTTLE.maxPerIp; i++) {
      await request(t.server)
        .post('/api/admin/login')
        .set('X-Forwarded-For', ip)
        .send({ username: `guess${i}`, password: 'wrong-password' })
        .expect(401);
    }
    expect(await count()).toBe(ADMIN_THROTTLE.maxPerIp);
    for (let i = 0; i < 5; i++) {
      await request(t.server)
        .post('/api/admin/login')
        .set('X-Forwarded-For', ip)
        .send({ username: 'admin', password: `flood-${i}` })
        .expect(429);
    }
    expect(await count()).toBe(ADMIN_THROTTLE.maxPerIp);
    await db(t).query(`DELETE FROM admin_login_failures WHERE ip = $1`, [ip]);
  });
});
