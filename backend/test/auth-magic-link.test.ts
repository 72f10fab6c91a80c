import request from 'supertest';
import { DataSource } from 'typeorm';
import { eventually } from './support/jobs.js';
import { outboxOf } from './support/outbox.js';
import { linkIn, startSmtp } from './support/smtp.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Follows a link as a browser would: GET the landing page, then POST its confirm form. */
async function confirm(v: Visitor | request.Agent, token: string) {
  const agent = 'agent' in v ? v.agent : v;
  const page = await agent.get(`/api/auth/magic-link?token=${token}`);
  if (page.status === 200) expect(page.text).toContain('method="post"');
  return agent.post('/api/auth/magic-link').type('form').send({ token }).expect(303);
}

describe(`magic links over SMTP (${dbKind})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Vibe <hello@vibe.test>',
      PUBLIC_URL: 'http://vibe.test:8080',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails a link from the configured sender; the link saves the account', async () => {
    const v = await newVisitor(t);
    const arrived = smtp.next();
    const res = await v.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'saver@example.com', username: v.username, sessionId: v.sessionId })
      .expect(200);
    expect(res.body.message).toBeTruthy();
    const mail = await arrived;
    expect(mail.from).toBe('hello@vibe.test');
    expect(mail.to).toEqual(['saver@example.com']);
    const link = linkIn(mail.raw);
    expect(link.startsWith('http://vibe.test:8080/api/auth/magic-link?token=')).toBe(true);
    expect(tokenOf(link).length).toBeGreaterThanOrEqual(43); // 256 bits, base64url

    // a scanner's GET spends nothing
    await request(t.server)
      .get(`/api/auth/magic-link?token=${tokenOf(link)}`)
      .expect(200);
    const done = await confirm(v, tokenOf(link));
    expect(done.headers.location).toBe('/?verified=true');
    const me = await v.agent.get('/api/session').expect(200);
    expect(me.body).toMatchObject({ id: v.id, email: 'saver@example.com', emailVerified: true });

    // single use
    const again = await v.agent
      .post('/api/auth/magic-link')
      .type('form')
      .send({ token: tokenOf(link) })
      .expect(303);
    expect(again.headers.location).toBe('/?error=invalid-token');
  });

  it('stores only a hash of the token', async () => {
    const v = await newVisitor(t);
    const arrived = smtp.next();
    await v.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'hash@example.com', sessionId: v.sessionId })
      .expect(200);
    const token = tokenOf(linkIn((await arrived).raw));
    const db = t.app.get(DataSource);
    const rows = await db.query(`SELECT token_hash FROM magic_link_tokens WHERE email = 'hash@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('login-existing answers the same for known and unknown addresses, and only mails the known one', async () => {
    const owner = await newVisitor(t);
    const first = smtp.next();
    await owner.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'known@example.com', sessionId: owner.sessionId })
      .expect(200);
    await confirm(owner, tokenOf(linkIn((await first).raw)));
    // saving the account gave it a new session id (whoever held the old one is signed out)
    const saved = (await owner.agent.post('/api/session/adopt').expect(200)).body.sessionId;
    expect(saved).not.toBe(owner.sessionId);

    const before = smtp.inbox.length;
    const unknown = await request(t.server)
      .post('/api/auth/login-existing')
      .send({ email: 'ghost@example.com' })
      .expect(200);
    const loginMail = smtp.next();
    const known = await request(t.server)
      .post('/api/auth/login-existing')
      .send({ email: 'KNOWN@example.com' })
      .expect(200);
    expect(known.body).toEqual(unknown.body);
    const mail = await loginMail;
    expect(smtp.inbox.length).toBe(before + 1);
    expect(mail.to).toEqual(['known@example.com']);

    // a new browser follows the login link and becomes the owner, with a session of its own
    const browser = request.agent(t.server);
    const done = await confirm(browser, tokenOf(linkIn(mail.raw)));
    expect(done.headers.location).toBe('/?verified=true');
    const me = await browser.post('/api/session/adopt').expect(200);
    expect(me.body).toMatchObject({ id: owner.id, emailVerified: true });
    expect(me.body.sessionId).not.toBe(saved);
    expect((await owner.agent.get('/api/session').expect(200)).body.id).toBe(owner.id);
  });

  it('answers login-existing without waiting for the mail server; the mail still arrives', async () => {
    const owner = await newVisitor(t);
    const first = smtp.next();
    await owner.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'slow@example.com', sessionId: owner.sessionId })
      .expect(200);
    await confirm(owner, tokenOf(linkIn((await first).raw)));

    const release = smtp.hold(); // the server keeps the next message unacknowledged
    try {
      const arrived = smtp.next();
      // answered while the mail server has not acknowledged anything
      const res = await request(t.server).post('/api/auth/login-existing').send({ email: 'slow@example.com' });
      expect(res.status).toBe(200);
      const mail = await arrived;
      expect(mail.to).toEqual(['slow@example.com']);
      const db = t.app.get(DataSource);
      // not yet acknowledged: the queued mail is still there, with its token
      expect(await db.query(`SELECT recipient FROM magic_link_outbox WHERE token IS NOT NULL`)).toEqual([
        { recipient: 'slow@example.com' },
      ]);
      release();
      await eventually(
        async () => (await db.query(`SELECT id FROM magic_link_outbox`)).length === 0,
        'the sent mail to leave the outbox',
      );
    } finally {
      release();
    }
  });

  it('switches a browser to the account that already owns a saved address', async () => {
    const owner = await newVisitor(t);
    const first = smtp.next();
    await owner.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'owner@example.com', sessionId: owner.sessionId })
      .expect(200);
    await confirm(owner, tokenOf(linkIn((await first).raw)));

    const other = await newVisitor(t);
    const second = smtp.next();
    await other.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'owner@example.com', sessionId: other.sessionId })
      .expect(200);
    await confirm(other, tokenOf(linkIn((await second).raw)));
    const me = await other.agent.get('/api/session').expect(200);
    expect(me.body.id).toBe(owner.id);
  });
});

describe(`magic link failures and limits (${dbKind}, outbox mail)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const outbox = () => outboxOf(t);
  const messages = () => outbox().messages();
  const outboxLinks = (count: number) => outbox().links(count);
  const tokenMailedTo = async (email: string, before: string[]) =>
    tokenOf(linkIn(await outbox().mailTo(email, before)));
  /** Every queued mail has been handled (sent or, for an unknown address, dropped). */
  const drained = () =>
    eventually(
      async () =>
        (await t.app.get(DataSource).query(`SELECT id FROM magic_link_outbox WHERE failed_at IS NULL`)).length === 0,
      'the mail queue to drain',
    );

  it('writes the message to the outbox as an .eml file', async () => {
    const v = await newVisitor(t);
    await v.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'outbox@example.com', sessionId: v.sessionId })
      .expect(200);
    const links = await outboxLinks(1);
    expect(links.length).toBe(1);
    expect(links[0]).toMatch(/^http:\/\/localhost:3000\/api\/auth\/magic-link\?token=/);
  });

  it('sends expired, malformed and unknown tokens to the landing error codes', async () => {
    const v = await newVisitor(t);
    await v.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'late@example.com', sessionId: v.sessionId })
      .expect(200);
    const token = await tokenMailedTo('late@example.com', []);
    await t.app
      .get(DataSource)
      .query(`UPDATE magic_link_tokens SET expires_at = now() - interval '1 minute' WHERE email = 'late@example.com'`);
    expect((await confirm(v, token)).headers.location).toBe('/?error=expired-token');
    expect((await confirm(v, 'short')).headers.location).toBe('/?error=invalid-token');
    expect((await confirm(v, 'A'.repeat(43))).headers.location).toBe('/?error=invalid-token');
    const me = await v.agent.get('/api/session').expect(200);
    expect(me.body.emailVerified).toBe(false);
  });

  it('answers invalid-user when the account is gone', async () => {
    const v = await newVisitor(t);
    await v.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'gone@example.com', sessionId: v.sessionId })
      .expect(200);
    const token = await tokenMailedTo('gone@example.com', []);
    // the token row cascades with the user, so the link is just unknown now
    await t.app.get(DataSource).query(`DELETE FROM users WHERE id = $1`, [v.id]);
    expect((await confirm(request.agent(t.server), token)).headers.location).toMatch(
      /^\/\?error=(invalid-user|invalid-token)$/,
    );
  });

  it('answers verification-failed when another account proved the address first, spending nothing', async () => {
    const linkFor = async (v: Visitor) => {
      const before = await messages();
      await v.agent
        .post('/api/auth/send-magic-link')
        .send({ email: 'contested@example.com', sessionId: v.sessionId })
        .expect(200);
      return tokenMailedTo('contested@example.com', before);
    };
    const first = await newVisitor(t);
    const second = await newVisitor(t);
    const firstToken = await linkFor(first);
    const secondToken = await linkFor(second);
    expect((await confirm(first, firstToken)).headers.location).not.toMatch(/error=/);
    expect((await confirm(second, secondToken)).headers.location).toBe('/?error=verification-failed');
    expect((await second.agent.get('/api/session').expect(200)).body.emailVerified).toBe(false);
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT used_at FROM magic_link_tokens WHERE user_id = $1 AND email = 'contested@example.com'`, [
        second.id,
      ]);
    expect(row.used_at).toBeNull();
  });

  it('rejects bad requests with 4xx and sends nothing', async () => {
    const v = await newVisitor(t);
    const before = (await outboxLinks(3)).length;
    await v.agent.post('/api/auth/send-magic-link').send({ email: '   ', sessionId: v.sessionId }).expect(400);
    await v.agent.post('/api/auth/send-magic-link').send({ email: 'not-an-address' }).expect(400);
    await request(t.server).post('/api/auth/send-magic-link').send({ email: 'a@example.com' }).expect(401);
    const other = await newVisitor(t);
    await v.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'a@example.com', sessionId: other.sessionId })
      .expect(403);
    await request(t.server).post('/api/auth/login-existing').send({}).expect(400);
    await drained();
    expect((await outboxLinks(before)).length).toBe(before);
  });

  /** A login link for a saved account, read from the outbox. */
  const loginLinkFor = async (username: string) => {
    const owner = await newVisitor(t);
    const email = `${username.toLowerCase()}@example.com`;
    await t.app
      .get(DataSource)
      .query(`UPDATE users SET username = $2, email = $3, email_verified = true WHERE id = $1`, [
        owner.id,
        username,
        email,
      ]);
    const before = await messages();
    await request(t.server).post('/api/auth/login-existing').send({ email }).expect(200);
    return { owner, token: await tokenMailedTo(email, before) };
  };

  it('the landing page names the account, runs no script, and spends nothing until its button posts', async () => {
    const { owner, token } = await loginLinkFor('LandingLynx');
    const browser = request.agent(t.server);
    const page = await browser.get(`/api/auth/magic-link?token=${token}`).expect(200);
    expect(page.text).toContain('You are about to sign in as <strong>LandingLynx</strong>.');
    expect(page.text).toContain('<form method="post" action="/api/auth/magic-link">');
    expect(page.text).toContain('Sign in as LandingLynx</button>');
    expect(page.text).not.toMatch(/<script|onload=|javascript:/i);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none';/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(page.headers['cache-control']).toBe('no-store');
    // nothing spent yet: the page can be opened again, then the button signs in
    await browser.get(`/api/auth/magic-link?token=${token}`).expect(200);
    const done = await browser.post('/api/auth/magic-link').type('form').send({ token }).expect(303);
    expect(done.headers.location).toBe('/?verified=true');
    expect((await browser.get('/api/session').expect(200)).body.id).toBe(owner.id);
  });

  it('warns that an unsaved account open in this browser will be left', async () => {
    const { token } = await loginLinkFor('TargetTapir');
    const current = await newVisitor(t);
    const page = await current.agent.get(`/api/auth/magic-link?token=${token}`).expect(200);
    expect(page.text).toContain(
      `This browser is now signed in as <strong>${current.username}</strong>, which is not saved`,
    );
  });

  it("shows a save link as saving the visitor's own account", async () => {
    const v = await newVisitor(t);
    const before = await messages();
    await v.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'keep@example.com', sessionId: v.sessionId })
      .expect(200);
    const token = await tokenMailedTo('keep@example.com', before);
    const page = await v.agent.get(`/api/auth/magic-link?token=${token}`).expect(200);
    expect(page.text).toContain(
      `You are about to save your account <strong>${v.username}</strong> with the address <strong>keep@example.com</strong>.`,
    );
    expect(page.text).not.toContain('This browser is now signed in as');
  });

  it('refuses the token posted from another site (login CSRF) and keeps it usable', async () => {
    const { owner, token } = await loginLinkFor('CsrfCoyote');
    const victim = await newVisitor(t);
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
    ]) {
      const res = await victim.agent.post('/api/auth/magic-link').set(headers).type('form').send({ token }).expect(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await victim.agent.get('/api/session').expect(200)).body.id).toBe(victim.id);
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT used_at FROM magic_link_tokens WHERE user_id = $1`, [owner.id]);
    expect(row.used_at).toBeNull();
  });

  it("sends a dead link straight to the app's error, spending nothing", async () => {
    const res = await request(t.server)
      .get(`/api/auth/magic-link?token=${'A'.repeat(43)}`)
      .expect(303);
    expect(res.headers.location).toBe('/?error=invalid-token');
    expect((await request(t.server).get('/api/auth/magic-link').expect(303)).headers.location).toBe(
      '/?error=invalid-token',
    );
  });

  it('rate limits per address with a clear 429', async () => {
    const v = await newVisitor(t);
    for (let i = 0; i < 5; i++) {
      await request(t.server).post('/api/auth/login-existing').send({ email: 'spam@example.com' }).expect(200);
    }
    const res = await v.agent
      .post('/api/auth/send-magic-link')
      .send({ email: 'Spam@example.com', sessionId: v.sessionId })
      .expect(429);
    expect(res.body.message).toMatch(/Too many/);
  });

  it('rate limits per IP across addresses', async () => {
    for (let i = 0; i < 20; i++) {
      await request(t.server)
        .post('/api/auth/login-existing')
        .send({ email: `ip${i}@example.com` })
        .set('X-Forwarded-For', '203.0.113.9');
    }
    const res = await request(t.server)
      .post('/api/auth/login-existing')
      .send({ email: 'ip-last@example.com' })
      .set('X-Forwarded-For', '203.0.113.9')
      .expect(429);
    expect(res.body.message).toMatch(/Too many/);
  });
});
