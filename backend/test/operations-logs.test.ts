import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pngImage } from './fixtures/media-fixtures.js';
import { type ApiProcess, freePort, spawnApi, untilAnswers } from './support/api-process.js';
import { eventually } from './support/jobs.js';
import { startTcpProxy } from './support/tcp-proxy.js';
import { createTestDatabase, dbKind } from './support/test-app.js';
import { newSessionId } from './support/visitor.js';
import { buildBackend } from './support/worker-process.js';
import { migrations } from '../src/platform/database/migrations/index.js';

/**
 * What an operator reads: the API's own output, from `node dist/main.js` as production runs it.
 * Every line is JSON; a request line names its request (nginx's id, echoed), client, actor and
 * replica; an unexpected error is written once, on its request's line; a database outage once
 * when it starts and once when it ends (PostgreSQL pass: the database is reached through a proxy
 * the test cuts, so the shared server keeps running).
 */
let built: ReturnType<typeof buildBackend> | undefined;
const sharedBuild = () => (built ??= buildBackend());
afterAll(async () => {
  if (built) await (await built).remove();
});

const ADMIN_PASSWORD = 'operations-admin-password';
const admin = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

async function startApi(dataDir: string, extra: Record<string, string | undefined> = {}) {
  const build = await sharedBuild();
  const port = await freePort();
  const api = spawnApi(
    build.dir,
    {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      EMBEDDED_DB_FSYNC: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      VISITOR_WEB_DIR: path.join(dataDir, 'none'),
      ADMIN_WEB_DIR: path.join(dataDir, 'none'),
      ...extra,
    },
    path.join(dataDir, 'api.log'),
    port,
  );
  await untilAnswers(api, '/api/site-config');
  return api;
}

const settle = () => new Promise((r) => setTimeout(r, 300));

/** A new visitor (POST /api/session) uploading one PNG, with the headers given (nginx's request id). */
async function uploadAsNewVisitor(api: ApiProcess, name: string, headers: Record<string, string> = {}) {
  const created = await fetch(`${api.baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId: newSessionId() }),
  });
  const visitor = (await created.json()) as { id: number };
  const cookie = created.headers.getSetCookie()[0]!.split(';')[0]!;
  const form = new FormData();
  form.append('userId', String(visitor.id));
  form.append('file', new Blob([await pngImage()], { type: 'image/png' }), name);
  const res = await fetch(`${api.baseUrl}/api/media/upload`, {
    method: 'POST',
    headers: { cookie, ...headers },
    body: form,
  });
  return { visitor, res };
}

describe(`operations logs (${dbKind})`, () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  let api: ApiProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-oplogs-'));
    database = process.env.DATABASE_URL ? await createTestDatabase('vibe_oplogs') : null;
    api = await startApi(dataDir, { DATABASE_URL: database?.url });
  });
  afterAll(async () => {
    await api?.terminate();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs the migrations it applied at start-up, one structured line each', async () => {
    const lines = await api.lines();
    const applied = lines.filter((l) => l.msg === 'migration applied');
    expect(applied.map((l) => l.migration)).toEqual(migrations.map((m) => (m as { name: string }).name));
    expect(lines.find((l) => l.msg === 'migrations applied')).toMatchObject({ applied: migrations.length });
  });

  it("a request line carries nginx's request id (echoed), the client address, the actor and the replica; nothing secret", async () => {
    const sessionId = newSessionId();
    const created = await fetch(`${api.baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    const visitor = (await created.json()) as { id: number };
    const cookie = created.headers.getSetCookie()[0]!.split(';')[0]!;
    const fromNginx = '7c1f0e2d3b4a59687766554433221100';
    const mine = await fetch(`${api.baseUrl}/api/users/${visitor.id}/stats`, {
      headers: { cookie, 'x-request-id': fromNginx },
    });
    expect(mine.headers.get('x-request-id')).toBe(fromNginx);
    const stats = await fetch(`${api.baseUrl}/api/admin/stats`, { headers: { authorization: admin } });
    expect(stats.status).toBe(200);
    await settle();

    const lines = await api.lines(); // every line parses as JSON
    const line = lines.find((l) => l.reqId === fromNginx);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: `/api/users/${visitor.id}/stats` },
      res: { statusCode: 200 },
      ip: '127.0.0.1',
      actor: `visitor:${visitor.id}`,
      replica: os.hostname(),
    });
    const adminLine = lines.find((l) => (l.req as { url?: string })?.url === '/api/admin/stats');
    expect(adminLine).toMatchObject({ actor: 'admin', reqId: stats.headers.get('x-request-id') });
    const text = await api.log();
    for (const secret of [sessionId, ADMIN_PASSWORD, Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')])
      expect(text).not.toContain(secret);
  });

  it('a job carries the id of the request that queued it: the request line names the job, every line of the job the request', async () => {
    const fromNginx = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';
    const { res } = await uploadAsNewVisitor(api, 'job.png', { 'x-request-id': fromNginx });
    expect(res.status).toBe(201);
    const requestLine = await eventually(
      async () => (await api.lines()).find((l) => l.reqId === fromNginx && l.msg === 'request completed'),
      'the upload request line',
    );
    const jobs = requestLine.jobs as string[];
    expect(jobs).toEqual([expect.stringMatching(/^make-renditions-/)]);
    const jobLines = await eventually(async () => {
      const lines = (await api.lines()).filter((l) => l.job === jobs[0]);
      return lines.some((l) => l.event === 'completed') && lines;
    }, 'the renditions job to complete');
    expect(jobLines.map((l) => l.event)).toEqual(expect.arrayContaining(['started', 'completed']));
    for (const line of jobLines) expect(line).toMatchObject({ reqId: fromNginx, job: jobs[0] });
  });

  it('an unexpected error is logged once: on its request line, with err and the request id', async () => {
    // the upload folder is a file: storing the object fails, which no code expects
    await rm(path.join(dataDir, 'media'), { recursive: true, force: true });
    await writeFile(path.join(dataDir, 'media'), 'not a folder');
    const { visitor, res } = await uploadAsNewVisitor(api, 'x.png');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      statusCode: 500,
      error: 'internal_error',
      message: 'Something went wrong on our side',
    });
    const reqId = res.headers.get('x-request-id')!;
    await settle();

    const lines = await api.lines();
    const withError = lines.filter((l) => l.err);
    expect(withError).toHaveLength(1);
    expect(withError[0]).toMatchObject({
      level: 50,
      msg: 'request failed',
      reqId,
      req: { method: 'POST', url: '/api/media/upload' },
      res: { statusCode: 500 },
      actor: `visitor:${visitor.id}`,
    });
    const err = withError[0]!.err as { message: string; stack: string };
    expect(err.stack).toMatch(/\n\s+at /);
    // the message is not repeated on any other line
    expect(lines.filter((l) => JSON.stringify(l).includes(err.message))).toHaveLength(1);
  });
});

// PostgreSQL only: PGlite lives inside the API process and cannot go away on its own
if (dbKind === 'postgres')
  describe('a database outage in the logs (postgres)', () => {
    let dataDir: string;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let api: ApiProcess;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-outage-'));
      database = await createTestDatabase('vibe_outage', { migrated: true });
      const u = new URL(database.url);
      proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
      u.host = `127.0.0.1:${proxy.port}`;
      api = await startApi(dataDir, { DATABASE_URL: u.toString() });
    });
    afterAll(async () => {
      await api?.terminate();
      await proxy?.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('answers 503 with Retry-After while the database is away; logs one line when it goes and one when it is back, loops included', async () => {
      const sessionId = newSessionId();
      const post = () =>
        fetch(`${api.baseUrl}/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sessionId }),
        });
      expect((await post()).status).toBe(200);

      await proxy.cut();
      const during: Array<{ status: number; retryAfter: string | null; body: unknown }> = [];
      for (let i = 0; i < 20; i++) {
        const r = await post();
        during.push({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() });
      }
      for (const r of during)
        expect(r).toEqual({
          status: 503,
          retryAfter: '5',
          body: {
            statusCode: 503,
            error: 'unavailable',
            message: 'The service is unavailable for a moment, try again shortly',
          },
        });

      // every background loop of this process (it runs jobs: the job poll every 2 s, the
      // geocoder's every 5 s, the mail sender, the heartbeat) meets the outage at least once; what
      // is checked below is that none of them logs it again: no event to await, time has to pass
      await new Promise((r) => setTimeout(r, 6_000));
      await proxy.restore();
      const deadline = Date.now() + 30_000;
      while ((await post()).status !== 200) {
        if (Date.now() > deadline) throw new Error('the API did not recover after the database came back');
        await new Promise((r) => setTimeout(r, 200));
      }
      await new Promise((r) => setTimeout(r, 1500)); // the recovery probe runs every second
      const lines = await api.lines();
      const outage = lines.filter((l) => l.outage === 'started' || l.outage === 'ended');
      expect(outage.map((l) => [l.level, l.msg])).toEqual([
        [50, 'database is unavailable'],
        [30, 'database is available again'],
      ]);
      // each failed request still has its line, as a warning without a stack: 20 requests, 1 stack
      const failed = lines.filter((l) => (l.res as { statusCode?: number })?.statusCode === 503);
      expect(failed).toHaveLength(20);
      for (const l of failed) expect(l).toMatchObject({ level: 40, outage: 'database' });
      expect(lines.filter((l) => l.err)).toHaveLength(1);
      expect(lines.filter((l) => l.level === 50)).toHaveLength(1);
      // the loops add nothing: every warning of the outage is a failed request's line
      expect(lines.filter((l) => (l.level as number) >= 40 && !l.outage)).toEqual([]);
    });
  });
