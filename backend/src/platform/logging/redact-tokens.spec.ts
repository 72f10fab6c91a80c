import { Writable } from 'node:stream';
import { redactTokens } from './redact-tokens.js';
import { createRootLogger } from './root-logger.js';

describe('token redaction in log lines', () => {
  it('replaces a token in a text and leaves what follows it', () => {
    expect(redactTokens('link: http://vibe.test/api/auth/magic-link?token=abc_DEF-123; next')).toBe(
      'link: http://vibe.test/api/auth/magic-link?token=[Redacted]; next',
    );
  });

  it('every line of the root logger is redacted, at any level and in any field', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createRootLogger('debug', sink);
    log.info({ url: '/api/auth/magic-link?token=LIVE-TOKEN-1' }, 'opened');
    log.error('failed to send http://x/api/auth/magic-link?token=LIVE-TOKEN-2');
    log.debug({ err: { message: 'token=LIVE-TOKEN-3 refused' } });
    expect(lines).toHaveLength(3);
    expect(lines.join('')).not.toContain('LIVE-TOKEN');
    expect(lines.every((l) => l.includes('token=[Redacted]'))).toBe(true);
    expect(JSON.parse(lines[0]!)).toMatchObject({ url: '/api/auth/magic-link?token=[Redacted]', msg: 'opened' });
  });
});
