import request from 'supertest';
import { outboxOf } from './support/outbox.js';
import { linkIn } from './support/smtp.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newSessionId, newVisitor } from './support/visitor.js';

/**
 * Issue 20 item 4: a save link sent to someone else's address (pre-hijack), session cookies
 * planted by a sibling domain (cookie tossing), and the magic-link landing's adoption.
 */
describe(`account takeover defences (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const outbox = () => outboxOf(t);
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  it("signs the requester out when the victim verifies the requester's save link (pre-hijack)", async () => {
    const requester = await newVisitor(t);
    const victim = await newVisitor(t);
    const before = await outbox().messages();
    const asked = new Date();
    await requester.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'victim@example.com', sessionId: requester.sessionId })
      .expect(200);
    const mail = await outbox().mailTo('victim@example.com', before);
    // the mail says when the link was asked for (minute precision, UTC)
    expect(mail).toContain(`This link was asked for on ${asked.toISOString().slice(0, 10)} at `);
    expect(mail).toMatch(/asked for on \d{4}-\d{2}-\d{2} at \d{2}:\d{2} UTC/);
    const token = tokenOf(linkIn(mail));

    // the landing page names the account it saves and says this browser switches to it
    const page = await victim.agent.get(`/api/auth/magic-link?token=${token}`).expect(200);
    expect(page.text).toContain(
      `You are about to save the account <strong>${requester.username}</strong> with the address <strong>victim@example.com</strong>`,
    );
    expect(page.text).toContain(`this browser will be signed in as <strong>${requester.username}</strong>`);
    expect(page.text).toContain(
      `This browser is now signed in as <strong>${victim.username}</strong>, which is not saved: after switching you cannot return to it.`,
    );

    await victim.agent.post('/api/auth/magic-link').type('form').send({ token }).expect(303);
    const adopted = await victim.agent.post('/api/session/adopt').expect(200);
    expect(adopted.body).toMatchObject({ id: requester.id, emailVerified: true });
    // the session id was rotated: the requester's old id no longer opens the account
    expect(adopted.body.sessionId).not.toBe(requester.sessionId);
    await request(t.server).get('/api/session').set('Cookie', requester.cookie).expect(401);
    await requester.agent.get('/api/session').expect(401);
    const again = await request(t.server).post('/api/session').send({ sessionId: requester.sessionId }).expect(200);
    expect(again.body.id).not.toBe(requester.id); // a fresh guest, not the saved account
    // the victim's browser holds the new id
    expect((await victim.agent.get('/api/session').expect(200)).body.id).toBe(requester.id);
  });

  it('adopts a session only once, right after a confirm, never from a cookie that merely exists', async () => {
    const v = await newVisitor(t);
    // a cookie alone (planted, or just there) is not adopted
    const refused = await v.agent.post('/api/session/adopt').expect(401);
    expect(refused.body.message).toMatch(/magic link/i);

    const before = await outbox().messages();
    await v.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'once@example.com', sessionId: v.sessionId })
      .expect(200);
    const token = tokenOf(linkIn(await outbox().mailTo('once@example.com', before)));
    const done = await v.agent.post('/api/auth/magic-link').type('form').send({ token }).expect(303);
    expect(done.headers.location).toBe('/?verified=true');
    const first = await v.agent.post('/api/session/adopt').expect(200);
    expect(first.body).toMatchObject({ id: v.id, emailVerified: true });
    expect(first.body.sessionId).not.toBe(v.sessionId);
    // one shot
    await v.agent.post('/api/session/adopt').expect(401);
  });

  it('refuses a request carrying two session cookies with a clear 400', async () => {
    const v = await newVisitor(t);
    const other = newSessionId();
    for (const cookie of [`vibe_session=${other}; ${v.cookie}`, `${v.cookie}; vibe_session=${other}`]) {
      const res = await request(t.server).get('/api/session').set('Cookie', cookie).expect(400);
      expect(res.body.message).toMatch(/two session cookies/i);
      await request(t.server)
        .post('/api/votes')
        .set('Cookie', cookie)
        .send({ mediaId: 1, userId: v.id, voteType: 'hot' })
        .expect(400);
    }
    // one cookie still works
    await request(t.server).get('/api/session').set('Cookie', v.cookie).expect(200);
  });
});

describe(`session cookie over HTTPS (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://vibe.test' });
  });
  afterAll(() => t.close());

  it('is __Host- prefixed: Secure, Path=/, no Domain; a plain vibe_session cookie is not read', async () => {
    const sessionId = newSessionId();
    const res = await request(t.server).post('/api/session').send({ sessionId }).expect(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-vibe_session=[A-Za-z0-9]{32};/);
    expect(cookie).toMatch(/; Path=\/;/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).not.toMatch(/Domain=/i);
    await request(t.server).get('/api/session').set('Cookie', cookie.split(';')[0]!).expect(200);
    // what a sibling subdomain can plant is ignored
    await request(t.server).get('/api/session').set('Cookie', `vibe_session=${sessionId}`).expect(401);
    const two = await request(t.server)
      .get('/api/session')
      .set('Cookie', `${cookie.split(';')[0]!}; __Host-vibe_session=${newSessionId()}`)
      .expect(400);
    expect(two.body.message).toMatch(/two session cookies/i);
  });
});
