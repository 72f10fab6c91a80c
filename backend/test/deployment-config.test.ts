import { ConfigError, loadConfig } from '../src/config/env.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('deployment settings in config/env.ts', () => {
  it('refuses production without a real SMTP_URL (login links would never be mailed)', () => {
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-password' };
    expect(problemsOf(production)).toEqual([
      'SMTP_URL must be set in production (without it login links are only written to DATA_DIR/outbox)',
    ]);
    expect(problemsOf({ ...production, SMTP_URL: 'smtp://relay.example.com:587' })).toEqual([]);
    // development and tests keep the outbox files
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('puts DATABASE_PASSWORD into DATABASE_URL encoded, whatever characters it holds', () => {
    const password = 'p@ss:w/rd?#%41 ü';
    const c = loadConfig({ DATABASE_URL: 'postgres://vibe@postgres:5432/vibe', DATABASE_PASSWORD: password });
    const u = new URL(c.databaseUrl!);
    expect(decodeURIComponent(u.password)).toBe(password);
    expect({ user: u.username, host: u.host, db: u.pathname }).toEqual({
      user: 'vibe',
      host: 'postgres:5432',
      db: '/vibe',
    });
    expect(problemsOf({ DATABASE_PASSWORD: 'x' })).toEqual(['DATABASE_PASSWORD is set but DATABASE_URL is not']);
  });

  it('listens on LISTEN_ADDRESS when given, on every interface otherwise', () => {
    expect(loadConfig({}).listenAddress).toBeUndefined();
    expect(loadConfig({ LISTEN_ADDRESS: '127.0.0.2' }).listenAddress).toBe('127.0.0.2');
    expect(problemsOf({ LISTEN_ADDRESS: 'api.local' })).toEqual(['LISTEN_ADDRESS must be an IP address (got "api.local")']);
  });
});
