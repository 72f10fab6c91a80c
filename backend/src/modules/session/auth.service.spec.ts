import type { AppConfig } from '../../config/env.js';
import { Mailer, type MailMessage } from '../../platform/mail/mailer.js';
import { AuthService, hashToken } from './auth.service.js';
import {
  type LinkRequestLimits,
  MagicLinkRepository,
  type MagicLinkPurpose,
  type MagicLinkToken,
} from './magic-link.repository.js';
import { FakeUserRepository } from './testing/fake-user.repository.js';

class FakeMailer extends Mailer {
  sent: MailMessage[] = [];
  async send(m: MailMessage) {
    this.sent.push(m);
  }
}

class FakeLinks extends MagicLinkRepository {
  requests: Array<{ email: string; ip: string; at: Date }> = [];
  tokens: Array<MagicLinkToken & { tokenHash: string }> = [];
  constructor(private readonly users: FakeUserRepository) {
    super();
  }
  async reserveRequest(email: string, ip: string, limits: LinkRequestLimits) {
    const recent = this.requests.filter((r) => r.at > limits.since);
    const byEmail = recent.filter((r) => r.email.toLowerCase() === email.toLowerCase()).length;
    const byIp = recent.filter((r) => r.ip === ip).length;
    if (byEmail >= limits.maxPerEmail || byIp >= limits.maxPerIp) return false;
    this.requests.push({ email, ip, at: new Date() });
    return true;
  }
  async saveToken(t: { tokenHash: string; userId: number; email: string; purpose: MagicLinkPurpose; expiresAt: Date }) {
    this.tokens.push({ ...t, id: this.tokens.length + 1, usedAt: null });
  }
  async findByHash(h: string) {
    return this.tokens.find((t) => t.tokenHash === h) ?? null;
  }
  async redeem(token: MagicLinkToken) {
    const t = this.tokens.find((x) => x.id === token.id)!;
    if (t.usedAt) return false;
    t.usedAt = new Date();
    if (t.purpose === 'verify')
      Object.assign((await this.users.findById(t.userId))!, { email: t.email, emailVerified: true });
    return true;
  }
}

const config = { publicUrl: 'http://vibe.test' } as AppConfig;
const tokenFrom = (m: MailMessage) => m.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;

describe('AuthService', () => {
  let users: FakeUserRepository;
  let links: FakeLinks;
  let mailer: FakeMailer;
  let auth: AuthService;
  beforeEach(() => {
    users = new FakeUserRepository();
    links = new FakeLinks(users);
    mailer = new FakeMailer();
    auth = new AuthService(users, links, mailer, config);
  });

  it('mails a single-use link whose token is stored only as a hash', async () => {
    const u = (await users.create({ sessionId: 'S'.repeat(32), username: 'TestUser' }))!;
    await auth.sendMagicLink(u, 'me@example.com', '1.2.3.4');
    const token = tokenFrom(mailer.sent[0]!);
    expect(links.tokens[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(links.tokens)).not.toContain(token);
    expect(await auth.redeem(token)).toMatchObject({
      user: { id: u.id, emailVerified: true, email: 'me@example.com' },
    });
    expect(await auth.redeem(token)).toEqual({ error: 'invalid-token' });
  });

  it('expires links after 15 minutes', async () => {
    vi.useFakeTimers();
    try {
      const u = (await users.create({ sessionId: 'S'.repeat(32), username: 'TestUser' }))!;
      await auth.sendMagicLink(u, 'me@example.com', '1.2.3.4');
      vi.advanceTimersByTime(15 * 60 * 1000 + 1);
      expect(await auth.redeem(tokenFrom(mailer.sent[0]!))).toEqual({ error: 'expired-token' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends no mail for an unknown address on login-existing, but logs the request for the limits', async () => {
    await auth.sendLoginLink('nobody@example.com', '1.2.3.4');
    expect(mailer.sent).toHaveLength(0);
    expect(links.requests).toHaveLength(1);
  });

  it('stops at 5 requests per address in 15 minutes', async () => {
    for (let i = 0; i < 5; i++) await auth.sendLoginLink('a@example.com', `10.0.0.${i}`);
    await expect(auth.sendLoginLink('A@example.com', '10.0.0.99')).rejects.toMatchObject({ code: 'rate_limited' });
  });
});
