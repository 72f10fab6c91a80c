import type { AppConfig } from '../../config/env.js';
import { OutageLog } from '../../platform/logging/outage-log.js';
import { createRootLogger } from '../../platform/logging/root-logger.js';
import { Mailer, type MailMessage } from '../../platform/mail/mailer.js';
import { AuthService, hashToken } from './auth.service.js';
import { MagicLinkSender } from './magic-link-sender.js';
import { BackgroundWork } from '../../platform/background-work.js';
import {
  type LinkRequest,
  MagicLinkRepository,
  type MagicLinkToken,
  type QueuedLinkMail,
  type RedeemEffect,
} from './magic-link.repository.js';
import { FakeUsers } from '../users/testing/fake-users.js';

class FakeMailer extends Mailer {
  sent: MailMessage[] = [];
  failNext = 0;
  async send(m: MailMessage) {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('SMTP said no');
    }
    this.sent.push(m);
  }
}

/** The port's rules in memory: limits, token hashes, and an outbox of mail rows. */
class FakeLinks extends MagicLinkRepository {
  requests: Array<{ email: string; ip: string; at: Date }> = [];
  tokens: Array<MagicLinkToken & { tokenHash: string; handoffHash?: string | null }> = [];
  outbox: Array<QueuedLinkMail & { failed: boolean; due: Date }> = [];
  issued: LinkRequest[] = [];
  constructor(private readonly users: FakeUsers) {
    super();
  }
  async issue(r: LinkRequest) {
    this.issued.push(r);
    const recent = this.requests.filter((q) => q.at > r.limits.since);
    const byEmail = recent.filter((q) => q.email.toLowerCase() === r.email.toLowerCase()).length;
    if (byEmail >= r.limits.maxPerEmail || recent.filter((q) => q.ip === r.ip).length >= r.limits.maxPerIp)
      return 'rate_limited' as const;
    this.requests.push({ email: r.email, ip: r.ip, at: new Date() });
    const target =
      r.userId !== null ? await this.users.findById(r.userId) : await this.users.findByVerifiedEmail(r.email);
    if (target) {
      const email = r.recipient ?? target.email!;
      this.tokens.push({
        id: this.tokens.length + 1,
        tokenHash: r.tokenHash,
        userId: target.id,
        email,
        purpose: r.purpose,
        expiresAt: r.expiresAt,
        usedAt: null,
      });
    }
    this.outbox.push({
      id: this.outbox.length + 1,
      recipient: r.recipient ?? target?.email ?? r.email,
      username: target?.username ?? null,
      purpose: r.purpose,
      token: target ? r.token : null,
      attempts: 0,
      requestedAt: new Date(),
      failed: false,
      due: new Date(0),
    });
    return 'queued' as const;
  }
  async findByHash(h: string) {
    return this.tokens.find((t) => t.tokenHash === h) ?? null;
  }
  async redeem(token: MagicLinkToken, effect: RedeemEffect) {
    const t = this.tokens.find((x) => x.id === token.id)!;
    if (t.usedAt) return 'already-used' as const;
    t.usedAt = new Date();
    t.handoffHash = effect.handoffHash;
    if (t.purpose === 'verify') {
      Object.assign((await this.users.findById(t.userId))!, { email: t.email, emailVerified: true });
      await this.users.endSessions(t.userId, null);
    }
    this.users.addSession(t.userId, effect.newSessionId, effect.device);
    return 'redeemed' as const;
  }
  async takeHandoff(handoffHash: string, maxAgeMs: number) {
    const t = this.tokens.find((x) => x.handoffHash === handoffHash && x.usedAt!.getTime() > Date.now() - maxAgeMs);
    if (!t) return null;
    t.handoffHash = null;
    return t.userId;
  }
  async claimMail() {
    const m = this.outbox.find((o) => !o.failed && o.due <= new Date());
    if (!m) return null;
    m.attempts++;
    m.due = new Date(8.64e15); // leased
    return { ...m };
  }
  async mailSent(id: number) {
    this.outbox = this.outbox.filter((o) => o.id !== id);
  }
  async mailFailed(id: number, _error: string, retryAt: Date | null) {
    const m = this.outbox.find((o) => o.id === id)!;
    if (retryAt) m.due = retryAt;
    else Object.assign(m, { failed: true, token: null });
  }
}

const config = { publicUrl: 'http://vibe.test', runJobs: false } as AppConfig;
const browser = { sessionId: null, device: { userAgent: null, network: '1.2.3.4' } };
const tokenFrom = (m: MailMessage) => m.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;

describe('AuthService and the magic-link sender', () => {
  let users: FakeUsers;
  let links: FakeLinks;
  let mailer: FakeMailer;
  let sender: MagicLinkSender;
  let auth: AuthService;
  beforeEach(() => {
    users = new FakeUsers();
    links = new FakeLinks(users);
    mailer = new FakeMailer();
    sender = new MagicLinkSender(
      links,
      mailer,
      config,
      new OutageLog(createRootLogger('silent')),
      new BackgroundWork(),
    );
    auth = new AuthService(users, links, sender);
  });

  it('queues a single-use link whose token is stored only as a hash; the sender mails it', async () => {
    const u = (await users.create({ sessionId: 'S'.repeat(32), username: 'TestUser' }))!;
    await auth.sendMagicLink(u, 'me@example.com', '1.2.3.4');
    expect(mailer.sent).toHaveLength(0); // nothing is sent inside the request
    await sender.drain();
    const token = tokenFrom(mailer.sent[0]!);
    expect(mailer.sent[0]).toMatchObject({ to: 'me@example.com' });
    expect(mailer.sent[0]!.text).toContain('Hi TestUser');
    expect(links.tokens[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(links.tokens)).not.toContain(token);
    expect(links.outbox).toEqual([]); // the raw token left with the mail
    expect(await auth.redeem(token, browser)).toMatchObject({
      user: { id: u.id, emailVerified: true, email: 'me@example.com' },
    });
    expect(await auth.redeem(token, browser)).toEqual({ error: 'invalid-token' });
  });

  it('expires links after 15 minutes', async () => {
    vi.useFakeTimers();
    try {
      const u = (await users.create({ sessionId: 'S'.repeat(32), username: 'TestUser' }))!;
      await auth.sendMagicLink(u, 'me@example.com', '1.2.3.4');
      await sender.drain();
      vi.advanceTimersByTime(15 * 60 * 1000 + 1);
      expect(await auth.redeem(tokenFrom(mailer.sent[0]!), browser)).toEqual({ error: 'expired-token' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('login-existing does the same work for a known and an unknown address; only the known one gets mail', async () => {
    const u = (await users.create({ sessionId: 'S'.repeat(32), username: 'Known' }))!;
    Object.assign(u, { email: 'known@example.com', emailVerified: true });
    await auth.sendLoginLink('known@example.com', '1.2.3.4');
    await auth.sendLoginLink('nobody@example.com', '1.2.3.4');
    // one identical request each: the account is looked up by the repository, not here
    const shape = (r: LinkRequest) => ({ ...r, email: '', token: '', tokenHash: '', limits: null, expiresAt: null });
    expect(shape(links.issued[0]!)).toEqual(shape(links.issued[1]!));
    expect(links.issued[1]).toMatchObject({ userId: null, recipient: null, email: 'nobody@example.com' });
    expect(links.outbox).toHaveLength(2);
    await sender.drain();
    expect(mailer.sent.map((m) => m.to)).toEqual(['known@example.com']);
    expect(links.outbox).toEqual([]);
    expect(links.requests).toHaveLength(2);
  });

  it('a failed send is retried, and given up after 5 attempts without keeping the token', async () => {
    const u = (await users.create({ sessionId: 'S'.repeat(32), username: 'TestUser' }))!;
    await auth.sendMagicLink(u, 'me@example.com', '1.2.3.4');
    mailer.failNext = 1;
    await sender.drain();
    expect(links.outbox[0]).toMatchObject({ attempts: 1, failed: false });
    expect(links.outbox[0]!.due.getTime()).toBeGreaterThan(Date.now()); // backs off
    await sender.drain();
    expect(mailer.sent).toHaveLength(0);
    links.outbox[0]!.due = new Date(0); // the back-off has passed
    await sender.drain();
    expect(mailer.sent).toHaveLength(1);
    await auth.sendMagicLink(u, 'me@example.com', '1.2.3.4');
    mailer.failNext = 5;
    for (let i = 0; i < 5; i++) {
      await sender.drain();
      links.outbox[0]!.due = new Date(0);
    }
    expect(links.outbox[0]).toMatchObject({ attempts: 5, failed: true, token: null });
  });

  it('stops at 5 requests per address in 15 minutes', async () => {
    for (let i = 0; i < 5; i++) await auth.sendLoginLink('a@example.com', `10.0.0.${i}`);
    await expect(auth.sendLoginLink('A@example.com', '10.0.0.99')).rejects.toMatchObject({ code: 'rate_limited' });
  });
});
