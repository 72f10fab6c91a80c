import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { memoryDestination } from './memory-destination.js';
import { noteQueued } from './log-context.js';
import { type LoggedRequest, noteFailure, requestLog, type RequestLogOptions } from './request-log.js';
import { createRootLogger, REPLICA } from './root-logger.js';

/** A real Express app with the request log first, as configureApp mounts it. */
async function serve(level: string, options: RequestLogOptions & { trustProxy?: string } = {}) {
  const { stream, lines } = memoryDestination();
  const app = express();
  // configureApp sets TRUSTED_PROXIES here ('loopback' by default); Express's own default trusts no one
  if (options.trustProxy) app.set('trust proxy', options.trustProxy);
  const logger = createRootLogger(level, stream);
  app.use(requestLog(logger, options));
  app.get('/api/health', (_req, res) => res.json({ status: 'ok' }));
  app.get('/api/auth/magic-link', (_req, res) => res.status(302).end());
  app.get('/api/broken', (_req, res) => {
    noteFailure(res, { err: new Error('kaput') });
    res.status(500).json({ error: 'internal' });
  });
  app.get('/api/mine', (req: LoggedRequest, res) => {
    req.visitor = { id: 42 }; // what VisitorGuard leaves
    res.json({});
  });
  app.get('/api/admin/thing', (req: LoggedRequest, res) => {
    req.admin = 'admin';
    res.json({});
  });
  app.get('/api/slow', () => {}); // never answers: the client gives up
  app.post('/api/votes', (req, res) => {
    if (req.query.bad) return res.status(400).json({ message: 'bad vote' });
    if (req.query.wait) return void setTimeout(() => res.status(201).json({}), Number(req.query.wait));
    res.status(201).json({});
  });
  app.post('/api/admin/import', (_req, res) => {
    // a line the handler writes, then a job it queues, both after an await
    void Promise.resolve().then(() => {
      logger.info('queuing the import');
      noteQueued('import-media-1');
      res.status(202).json({});
    });
  });
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
      ip: '127.0.0.1',
      replica: REPLICA,
    });
    expect(typeof s.lines[0]!.responseTime).toBe('number');
    const text = JSON.stringify(s.lines);
    for (const secret of ['secret-token-123', 'session-secret', 'admin-secret']) expect(text).not.toContain(secret);
  });

  it('logs a 500 as an error with its err on the same line, and leaves health probes and scrapes out', async () => {
    const s = await serve('info');
    await fetch(`${s.base}/api/health`);
    await fetch(`${s.base}/api/health/ready`);
    await fetch(`${s.base}/api/metrics`);
    await fetch(`${s.base}/api/broken`);
    await s.settle();
    await s.close();
    expect(s.lines.map((l) => [l.level, (l.req as { url: string }).url])).toEqual([[50, '/api/broken']]);
    expect(s.lines[0]).toMatchObject({ msg: 'request failed', err: { message: 'kaput' } });
    expect((s.lines[0]!.err as { stack: string }).stack).toContain('Error: kaput');
  });

  it("keeps a trusted proxy's request id and echoes it; makes one when there is none or it is malformed", async () => {
    const s = await serve('info', { trustProxy: 'loopback' });
    const given = await fetch(`${s.base}/api/mine`, {
      headers: { 'x-request-id': '5f0c2a9b8e7d4c3b2a1f0e9d8c7b6a59' },
    });
    const none = await fetch(`${s.base}/api/mine`);
    const bad = await fetch(`${s.base}/api/mine`, { headers: { 'x-request-id': 'a b"c' } });
    await s.settle();
    await s.close();
    expect(given.headers.get('x-request-id')).toBe('5f0c2a9b8e7d4c3b2a1f0e9d8c7b6a59');
    const made = [none.headers.get('x-request-id'), bad.headers.get('x-request-id')];
    for (const id of made) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(made[0]).not.toBe(made[1]);
    expect(s.lines.map((l) => l.reqId)).toEqual(['5f0c2a9b8e7d4c3b2a1f0e9d8c7b6a59', ...made]);
  });

  it('never takes a request id from a client that is not a trusted proxy: its own id is logged beside ours', async () => {
    const s = await serve('info', { trustProxy: '10.0.0.1' });
    const r = await fetch(`${s.base}/api/mine`, { headers: { 'x-request-id': 'forged-id-123456' } });
    await s.settle();
    await s.close();
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.lines).toEqual([expect.objectContaining({ reqId: id, clientReqId: 'forged-id-123456' })]);
  });

  it('gives every line written while answering the request id, and names the jobs the request queued', async () => {
    const s = await serve('info', { trustProxy: 'loopback' });
    await fetch(`${s.base}/api/admin/import`, { method: 'POST', headers: { 'x-request-id': 'nginx-id-0001' } });
    await s.settle();
    await s.close();
    expect(s.lines).toEqual([
      expect.objectContaining({ msg: 'queuing the import', reqId: 'nginx-id-0001' }),
      expect.objectContaining({ msg: 'request completed', reqId: 'nginx-id-0001', jobs: ['import-media-1'] }),
    ]);
  });

  it('writes a sampled share of the successful hot-path lines; refusals and slow answers always', async () => {
    const s = await serve('info', { hotPathSample: 0, slowMs: 50 });
    await fetch(`${s.base}/api/votes`, { method: 'POST' });
    await fetch(`${s.base}/api/votes?bad=1`, { method: 'POST' });
    await fetch(`${s.base}/api/votes?wait=120`, { method: 'POST' });
    await fetch(`${s.base}/api/mine`);
    await s.settle();
    await s.close();
    expect(s.lines.map((l) => [l.level, (l.req as { url: string }).url])).toEqual([
      [30, '/api/votes?bad=1'],
      [30, '/api/votes?wait=120'],
      [30, '/api/mine'],
    ]);
  });

  it('writes the unsampled hot-path lines at debug when debug is on', async () => {
    const s = await serve('debug', { hotPathSample: 0 });
    await fetch(`${s.base}/api/votes`, { method: 'POST' });
    await s.settle();
    await s.close();
    expect(s.lines).toEqual([expect.objectContaining({ level: 20, msg: 'request completed' })]);
  });

  it('names the actor a guard resolved: the visitor, or admin', async () => {
    const s = await serve('info');
    await fetch(`${s.base}/api/mine`);
    await fetch(`${s.base}/api/admin/thing`);
    await fetch(`${s.base}/api/auth/magic-link`, { redirect: 'manual' });
    await s.settle();
    await s.close();
    expect(s.lines.map((l) => l.actor)).toEqual(['visitor:42', 'admin', undefined]);
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

  it('writes no request line when the level is above info, and still answers the request id', async () => {
    const s = await serve('warn');
    const r = await fetch(`${s.base}/api/broken`);
    await s.settle();
    await s.close();
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.lines).toEqual([]); // the error filter writes the error itself then (logFailureAlone)
  });
});
