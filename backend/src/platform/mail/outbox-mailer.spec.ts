import { Logger } from '@nestjs/common';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OutboxMailer } from './outbox-mailer.js';

const message = {
  to: 'someone@example.com',
  subject: 'Your login link',
  text: 'Open this link: http://vibe.test/api/auth/magic-link?token=LIVE-TOKEN-abcdefghijklmnopqrstuvwxyz0123456\n',
  html: '<a href="http://vibe.test/api/auth/magic-link?token=LIVE-TOKEN-abcdefghijklmnopqrstuvwxyz0123456">link</a>',
};

describe('OutboxMailer logging', () => {
  let dir: string;
  let logged: string[];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-outbox-'));
    logged = [];
    vi.spyOn(Logger.prototype, 'log').mockImplementation((m: unknown) => void logged.push(String(m)));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('in production writes the mail and logs that it did, never the link or its token', async () => {
    await new OutboxMailer(dir, 'Vibe <no-reply@vibe.test>', false).send(message);
    expect(await readdir(dir)).toHaveLength(1);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Mail written to .+\.eml$/);
    expect(logged.join('\n')).not.toMatch(/LIVE-TOKEN|token=|someone@example\.com/);
  });

  it('in development logs where the mail went and its link with the token redacted (the .eml file holds it)', async () => {
    await new OutboxMailer(dir, 'Vibe <no-reply@vibe.test>', true).send(message);
    expect(logged.join('\n')).toContain('link: http://vibe.test/api/auth/magic-link?token=[Redacted]');
    expect(logged.join('\n')).not.toContain('LIVE-TOKEN');
  });
});
