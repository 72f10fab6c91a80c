import request from 'supertest';
import { newSessionId, newVisitor } from './support/visitor.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';

describe(`sessions and profiles (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates a user with a three-word name and an httpOnly cookie, and finds it again', async () => {
    const sessionId = newSessionId();
    const res = await request(t.server).post('/api/session').send({ sessionId }).expect(200);
    expect(res.body.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+ing[A-Z][a-z]+\d*$/);
    expect(res.body).toMatchObject({ sessionId, email: null, emailVerified: false });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/vibe_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const again = await request(t.server)
      .post('/api/session')
      .send({ sessionId, latitude: 51.5, longitude: -0.12 })
      .expect(200);
    expect(again.body).toMatchObject({
      id: res.body.id,
      username: res.body.username,
      latitude: 51.5,
      longitude: -0.12,
    });

    const me = await request(t.server).get('/api/session').set('Cookie', cookie.split(';')[0]!).expect(200);
    expect(me.body.id).toBe(res.body.id);
  });

  it('never hands the session id (a bearer credential) to a script that only reads the session', async () => {
    const v = await newVisitor(t);
    const me = await v.agent.get('/api/session').expect(200);
    expect(me.body).toMatchObject({ id: v.id, username: v.username });
    expect(me.body).not.toHaveProperty('sessionId');
    expect(JSON.stringify(me.body)).not.toContain(v.sessionId);
    const patched = await v.agent.patch(`/api/users/${v.id}`).send({ email: 'who@example.com' }).expect(200);
    expect(patched.body).not.toHaveProperty('sessionId');
    expect(JSON.stringify(patched.body)).not.toContain(v.sessionId);
  });

  it("hands the cookie's session id to the app only right after a magic link, with a same-origin POST", async () => {
    const v = await newVisitor(t);
    // a cookie alone is not adopted (session-hijack.test.ts follows a link to the adoption)
    await v.agent.post('/api/session/adopt').set('Sec-Fetch-Site', 'same-origin').expect(401);
    await request(t.server).post('/api/session/adopt').expect(401);
    await v.agent.post('/api/session/adopt').set('Sec-Fetch-Site', 'cross-site').expect(403);
    await v.agent.post('/api/session/adopt').set('Origin', 'null').expect(403);
  });

  it('answers 401 for GET /api/session without a cookie', async () => {
    const res = await request(t.server).get('/api/session').expect(401);
    expect(res.body.message).toBeTruthy();
  });

  it.each([
    [{}, /sessionId/],
    [{ sessionId: 'short' }, /sessionId/],
    [{ sessionId: newSessionId(), latitude: 'north', longitude: 2 }, /latitude/],
    [{ sessionId: newSessionId(), latitude: 10 }, /together/],
    [{ sessionId: newSessionId(), isAdmin: true }, /isAdmin/],
  ])('rejects a bad session body %j with 400 and creates nothing', async (body, message) => {
    const res = await request(t.server).post('/api/session').send(body).expect(400);
    expect(res.body.message).toMatch(message);
  });

  it('rejects a malformed JSON body and an oversize body with 4xx', async () => {
    await request(t.server)
      .post('/api/session')
      .set('Content-Type', 'application/json')
      .send('{"sessionId":')
      .expect(400);
    const huge = JSON.stringify({ sessionId: newSessionId(), username: 'x'.repeat(200_000) });
    const res = await request(t.server)
      .post('/api/session')
      .set('Content-Type', 'application/json')
      .send(huge)
      .expect(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it('checks usernames case-insensitively and lets a visitor keep their own', async () => {
    const a = await newVisitor(t);
    const taken = await request(t.server).get(`/api/users/check-username/${a.username.toUpperCase()}`).expect(200);
    expect(taken.body).toEqual({ available: false });
    const own = await a.agent.get(`/api/users/check-username/${a.username}`).expect(200);
    expect(own.body).toEqual({ available: true });
    const free = await request(t.server).get('/api/users/check-username/SomeFreshName').expect(200);
    expect(free.body).toEqual({ available: true });
    const tooShort = await request(t.server).get('/api/users/check-username/ab').expect(200);
    expect(tooShort.body).toEqual({ available: false });
  });

  it('updates only the changed fields, and refuses a taken name with 409', async () => {
    const a = await newVisitor(t);
    const b = await newVisitor(t);
    const renamed = await a.agent.patch(`/api/users/${a.id}`).send({ username: 'CosmicNappingOtter' }).expect(200);
    expect(renamed.body).toMatchObject({ username: 'CosmicNappingOtter', email: null });

    const clash = await b.agent.patch(`/api/users/${b.id}`).send({ username: 'cosmicnappingotter' }).expect(409);
    expect(clash.body.message).toBe('Username is already taken');
    const bNow = await b.agent.get('/api/session').expect(200);
    expect(bNow.body.username).toBe(b.username);

    const withEmail = await b.agent.patch(`/api/users/${b.id}`).send({ email: 'b@example.com' }).expect(200);
    expect(withEmail.body).toMatchObject({ username: b.username, email: 'b@example.com', emailVerified: false });
  });

  it("refuses to touch another user's profile (403) or to act without a session (401)", async () => {
    const a = await newVisitor(t);
    const b = await newVisitor(t);
    await a.agent.patch(`/api/users/${b.id}`).send({ username: 'Hijacked' }).expect(403);
    await request(t.server).patch(`/api/users/${b.id}`).send({ username: 'Hijacked' }).expect(401);
    const bNow = await b.agent.get('/api/session').expect(200);
    expect(bNow.body.username).toBe(b.username);
  });

  it('rejects a bad profile update with 400', async () => {
    const a = await newVisitor(t);
    await a.agent.patch(`/api/users/${a.id}`).send({ username: 'no spaces allowed' }).expect(400);
    await a.agent.patch(`/api/users/${a.id}`).send({ email: 'not-an-email' }).expect(400);
    await a.agent.patch(`/api/users/${a.id}`).send({ username: 42 }).expect(400);
  });

  it('refuses null where a value is optional (400), changing nothing', async () => {
    const a = await newVisitor(t);
    await a.agent.patch(`/api/users/${a.id}`).send({ email: 'a@example.com' }).expect(200);
    for (const body of [{ email: null }, { username: null }, { username: null, email: null }]) {
      const res = await a.agent.patch(`/api/users/${a.id}`).send(body).expect(400);
      expect(res.body.message).toMatch(/email|username/);
    }
    for (const body of [
      { sessionId: a.sessionId, latitude: null, longitude: 2 },
      { sessionId: a.sessionId, latitude: null, longitude: null },
    ]) {
      await a.agent.post('/api/session').send(body).expect(400);
    }
    const now = await a.agent.get('/api/session').expect(200);
    expect(now.body).toMatchObject({ username: a.username, email: 'a@example.com', latitude: null, longitude: null });
  });

  it('names the site per domain', async () => {
    const t2 = await startTestApp({
      SITE_NAME: 'Vibe Check',
      SITE_DOMAIN_NAMES: 'hot.example=Hot Spot,not.example=Not Spot',
    });
    try {
      expect((await request(t2.server).get('/api/site-config').expect(200)).body.siteName).toBe('Vibe Check');
      const alt = await request(t2.server).get('/api/site-config').set('Host', 'not.example:8080').expect(200);
      expect(alt.body.siteName).toBe('Not Spot');
    } finally {
      await t2.close();
    }
  });
});
