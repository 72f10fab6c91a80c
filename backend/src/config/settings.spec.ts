import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, SETTING_NAMES } from './env.js';
import TEST_SETTINGS from './test-settings.json' with { type: 'json' };

const repo = path.resolve(import.meta.dirname, '..', '..', '..');

describe('settings declared once (config/env.ts)', () => {
  it('every setting has a row in the README configuration table', () => {
    const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]));
    // a row may name several (`FFMPEG_PATH` / `FFPROBE_PATH`)
    for (const row of readme.matchAll(/^\| (`[A-Z][A-Z0-9_]*`(?: \/ `[A-Z][A-Z0-9_]*`)+)/gm))
      for (const name of row[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) documented.add(name[1]);
    expect(SETTING_NAMES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('the one test-settings list (tests, benches, e2e harness) names declared settings and parses', () => {
    expect(Object.keys(TEST_SETTINGS).filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
    const config = loadConfig(TEST_SETTINGS);
    expect(config.quotas.uploadsPerSession.perHour).toBe(0);
    expect(config.moderation.reportersPerNetwork).toBe(0);
  });

  it('keeps the defaults and reports every problem at once', () => {
    const c = loadConfig({});
    expect({
      port: c.port,
      jobsLockMs: c.jobsLockMs,
      hide: c.moderationHideAfter,
      votes: c.quotas.votesPerAddressPerMinute,
    }).toEqual({
      port: 3000,
      jobsLockMs: 30_000,
      hide: 3,
      votes: 60,
    });
    expect(c.rateLimitPerMinute).toBe(100_000);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay:25' }).rateLimitPerMinute).toBe(600);
    expect(() => loadConfig({ PORT: 'x', RUN_JOBS: 'maybe' })).toThrow(
      /PORT must be an integer between 0 and 65535 \(got "x"\)[\s\S]*RUN_JOBS must be true or false/,
    );
  });
});
