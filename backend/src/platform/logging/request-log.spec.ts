import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { memoryDestination } from './memory-destination.js';
import { requestLog } from './request-log.js';
import { createRootLogger } from './root-logger.js';

/** A real Express app with the request log first, as configureApp mounts it. */
async function serve(level: string) {
  const { stream, lines } = memoryDestination();
  const app = express();
  app.use(requestLog(createRootLogger(level, stream)));
  app.get('/api/health', (_req, res) => res.json({ status: 'ok' }));
  app.get('/api/auth/magic-link', (_req, res) => res.status(302).end());
  app.get('/api/broken', (_req, res) => res.status(500).json({ error: 'internal' }));
  app.get('/api/slow', () => {}); // never answers: the client gives up
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settle = () => new Promise((r) => setTimeout(r, 50));
  return { base, lines, settle, close: () => new Promise((r) => server.close(r)) };
}

describe('requestLog', () => {
  it('logs method, status and time, with a magic-link token and every credential left out', async () => {
    const s = await serve('info');
    await fetch(`${s.base}/api/auth/magic-link?token=secret-token-123&next=%2F`, {
      redirect: 'manual',
      headers: { cookie: 'vibe_session=session-secret', authorization: 'Bearer admin-secret' },
    });
    await s.settle();
    await s.close();
    expect(s.lines).toHaveLength(1);
    expect(s.lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/auth/magic-link?token=[Redacted]&next=%2F' },
      res: { statusCode: 302 },
    });
    expect(typeof s.lines[0]!.responseTime).toBe('number');
    const text = JSON.stringify(s.lines);
    for (const secret of ['secret-token-123', 'session-secret', 'admin-secret']) expect(text).not.toContain(secret);
  });

  it('logs a 500 as an error and leaves health checks out', async () => {
    const s = await serve('info');
    await fetch(`${s.base}/api/health`);
    await fetch(`${s.base}/api/broken`);
    await s.settle();
    await s.close();
    expect(s.lines.map((l) => [l.level, (l.req as { url: string }).url])).toEqual([[50, '/api/broken']]);
  });

  it('logs a request the client gave up on as aborted', async () => {
    const s = await serve('info');
    const abort = new AbortController();
    const gone = fetch(`${s.base}/api/slow`, { signal: abort.signal }).catch(() => 'aborted');
    await s.settle();
    abort.abort();
    expect(await gone).toBe('aborted');
    await s.settle();
    expect(s.lines).toEqual([expect.objectContaining({ level: 40, msg: 'request aborted' })]);
    void s.close();
  });

  it('writes nothing when the level is above info', async () => {
    const s = await serve('warn');
    await fetch(`${s.base}/api/broken`);
    await s.settle();
    await s.close();
    expect(s.lines).toEqual([]);
  });
});
