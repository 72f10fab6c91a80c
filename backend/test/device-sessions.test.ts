import request from 'supertest';
import { asAdmin, db } from './support/admin.js';
import { outboxOf } from './support/outbox.js';
import { linkIn } from './support/smtp.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newSessionId, newVisitor, type Visitor } from './support/visitor.js';
import { DeviceSessions1795900000000 } from '../src/platform/database/migrations/1795900000000-device-sessions.js';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const LAPTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Issue 27 items 1 and 2: a session per device, logout on the server, signing devices out. */
describe(`a session per device (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const confirm = (agent: request.Agent, link: string) =>
    agent
      .post('/api/auth/magic-link')
      .type('form')
      .send({ token: tokenOf(link) })
      .expect(303);
  const cookieOf = (res: request.Response) => String(res.headers['set-cookie']).split(';')[0]!;

  /** A saved account on a phone, and a laptop signed in to it by a login link: two agents, one account. */
  async function twoDevices(email: string) {
    const phone = await newVisitor(t);
    phone.agent.set('User-Agent', PHONE_UA);
    const outbox = outboxOf(t);
    let before = await outbox.messages();
    await phone.agent.post('/api/auth/send-magic-link').send({ email }).expect(200);
    const phoneCookie = cookieOf(await confirm(phone.agent, linkIn(await outbox.mailTo(email, before))));
    const laptop = request.agent(t.server).set('User-Agent', LAPTOP_UA);
    before = await outbox.messages();
    await laptop.post('/api/auth/login-existing').send({ email }).expect(200);
    const laptopCookie = cookieOf(await confirm(laptop, linkIn(await outbox.mailTo(email, before))));
    return { phone, laptop, phoneCookie, laptopCookie };
  }

  it('two browsers signed in to one account hold different credentials; the database keeps only hashes', async () => {
    const { phone, laptop, phoneCookie, laptopCookie } = await twoDevices('two@example.com');
    expect(phoneCookie).not.toBe(laptopCookie);
    expect((await phone.agent.get('/api/session').expect(200)).body.id).toBe(phone.id);
    expect((await laptop.get('/api/session').expect(200)).body.id).toBe(phone.id);
    const rows: { token_hash: string }[] = await db(t).query(`SELECT token_hash FROM sessions WHERE user_id = $1`, [
      phone.id,
    ]);
    expect(rows).toHaveLength(2);
    const dump = JSON.stringify(await db(t).query(`SELECT * FROM sessions`));
    for (const c of [phoneCookie, laptopCookie, phone.sessionId]) expect(dump).not.toContain(c.split('=')[1]);

    const devices = (await laptop.get('/api/session/devices').expect(200)).body;
    expect(devices).toHaveLength(2);
    expect(devices.find((d: { current: boolean }) => d.current)).toMatchObject({
      browser: 'Firefox',
      system: 'Windows',
    });
    expect(devices.find((d: { current: boolean }) => !d.current)).toMatchObject({ browser: 'Safari', system: 'iOS' });
    expect(JSON.stringify(devices)).not.toContain(phoneCookie.split('=')[1]);
  });

  it("logout ends this browser's session on the server only: its old cookie opens nothing, the other stays", async () => {
    const { phone, laptop, laptopCookie } = await twoDevices('logout@example.com');
    const out = await laptop.post('/api/session/logout').expect(204);
    expect(String(out.headers['set-cookie'])).toMatch(/vibe_session=;/);
    // the copied cookie (a shared computer, a stolen backup) is dead
    await request(t.server).get('/api/session').set('Cookie', laptopCookie).expect(401);
    await request(t.server).get('/api/session/devices').set('Cookie', laptopCookie).expect(401);
    expect((await phone.agent.get('/api/session').expect(200)).body.id).toBe(phone.id);
    expect((await phone.agent.get('/api/session/devices').expect(200)).body).toHaveLength(1);
  });

  it('"Sign out" one device and "Sign out everywhere else" end the others; another account\'s device is 404', async () => {
    const { phone, laptop } = await twoDevices('others@example.com');
    const third = request.agent(t.server);
    const outbox = outboxOf(t);
    const before = await outbox.messages();
    await third.post('/api/auth/login-existing').send({ email: 'others@example.com' }).expect(200);
    await confirm(third, linkIn(await outbox.mailTo('others@example.com', before)));
    const devices: { id: number; current: boolean }[] = (await phone.agent.get('/api/session/devices').expect(200))
      .body;
    expect(devices).toHaveLength(3);
    const stranger: Visitor = await newVisitor(t);
    const notMine = devices.find((d) => !d.current)!.id;
    await stranger.agent.delete(`/api/session/devices/${notMine}`).expect(404);

    const ended = await phone.agent.post('/api/session/devices/sign-out-others').expect(200);
    expect(ended.body).toEqual({ ended: 2 });
    await laptop.get('/api/session').expect(401);
    await third.get('/api/session').expect(401);
    const left = (await phone.agent.get('/api/session/devices').expect(200)).body;
    expect(left).toEqual([expect.objectContaining({ current: true })]);
    // signing out this very device works too: the cookie then opens nothing
    await phone.agent.delete(`/api/session/devices/${left[0].id}`).expect(204);
    await phone.agent.get('/api/session').expect(401);
  });

  it('an operator signs a user out everywhere from the Users page, audited', async () => {
    const { phone, laptop } = await twoDevices('admin-out@example.com');
    const res = await asAdmin(t).post(`/api/admin/users/${phone.id}/sign-out`).expect(200);
    expect(res.body).toEqual({ ended: 2 });
    await phone.agent.get('/api/session').expect(401);
    await laptop.get('/api/session').expect(401);
    await asAdmin(t).post(`/api/admin/users/999999/sign-out`).expect(404);
    const audit = await db(t).query(
      `SELECT action, target, outcome, detail FROM audit_log WHERE action = 'user.sign-out' ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'user.sign-out', target: `user ${phone.id}`, outcome: 'ok', detail: '2 session(s) ended' },
      expect.objectContaining({ action: 'user.sign-out', target: 'user 999999', outcome: 'failed' }),
    ]);
    await request(t.server).post(`/api/admin/users/${phone.id}/sign-out`).expect(401);
  });

  it('last seen is written at most once a minute per session', async () => {
    const v = await newVisitor(t);
    await db(t).query(`UPDATE sessions SET last_seen_at = now() - interval '30 seconds' WHERE user_id = $1`, [v.id]);
    const [{ seen: before }] = await db(t).query(`SELECT last_seen_at AS seen FROM sessions WHERE user_id = $1`, [
      v.id,
    ]);
    await v.agent.get('/api/session/devices').expect(200);
    const [{ seen: still }] = await db(t).query(`SELECT last_seen_at AS seen FROM sessions WHERE user_id = $1`, [v.id]);
    expect(new Date(still).getTime()).toBe(new Date(before).getTime());
    await db(t).query(`UPDATE sessions SET last_seen_at = now() - interval '61 seconds' WHERE user_id = $1`, [v.id]);
    await v.agent.get('/api/session/devices').expect(200);
    const [{ age }] = await db(t).query(
      `SELECT extract(epoch FROM now() - last_seen_at)::float AS age FROM sessions WHERE user_id = $1`,
      [v.id],
    );
    expect(age).toBeLessThan(30);
  });

  // last: it takes the migration down and up again on this app's database (every session goes)
  it("the migration turns each user's former session id into their first session, kept as a hash", async () => {
    const migration = new DeviceSessions1795900000000();
    const runner = db(t).createQueryRunner();
    const legacy = newSessionId();
    let userId: number;
    try {
      await migration.down(runner);
      const [row] = await runner.query(
        `INSERT INTO users (session_id, username) VALUES ($1, 'LegacyLarkSinging') RETURNING id`,
        [legacy],
      );
      await migration.up(runner);
      const [{ n }] = await runner.query(`SELECT count(*)::int AS n FROM sessions WHERE user_id = $1`, [row.id]);
      expect(n).toBe(1);
      const [user] = await runner.query(`SELECT session_id FROM users WHERE id = $1`, [row.id]);
      expect(user.session_id).toBeNull();
      expect(JSON.stringify(await runner.query(`SELECT * FROM sessions`))).not.toContain(legacy);
      // system users keep their markers, and have no session
      const [importer] = await runner.query(
        `SELECT count(*)::int AS n FROM users WHERE session_id IS NOT NULL AND session_id ~ '^[A-Za-z0-9]{32}$'`,
      );
      expect(importer.n).toBe(0);
      userId = row.id;
    } finally {
      await runner.release(); // PGlite has one connection: the request below needs it
    }
    const me = await request(t.server).get('/api/session').set('Cookie', `vibe_session=${legacy}`).expect(200);
    expect(me.body).toMatchObject({ id: userId, username: 'LegacyLarkSinging' });
  });
});
