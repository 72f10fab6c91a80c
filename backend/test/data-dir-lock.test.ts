import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ApiProcess, freePort, spawnApi, untilAnswers } from './support/api-process.js';
import { newSessionId } from './support/visitor.js';
import { buildBackend } from './support/worker-process.js';

/**
 * The embedded mode's database is one process's: a second `node dist/main.js` (what `npm start`
 * runs) on the same DATA_DIR refuses to start and says why, the first keeps serving; once the
 * holder is killed (-9: no shutdown hook, nothing cleaned up) the next start is not blocked.
 */
describe('DATA_DIR lock (embedded mode)', () => {
  let build: Awaited<ReturnType<typeof buildBackend>>;
  let dataDir: string;
  const running: ApiProcess[] = [];

  beforeAll(async () => {
    build = await buildBackend();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-datadir-lock-'));
  });
  afterAll(async () => {
    for (const api of running) await api.kill();
    await build?.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function spawnEmbedded(name: string): Promise<ApiProcess> {
    const port = await freePort();
    const api = spawnApi(
      build.dir,
      {
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        ADMIN_PASSWORD: 'lock-admin-password',
        EMBEDDED_DB_FSYNC: 'false',
        LOG_LEVEL: 'warn',
        VISITOR_WEB_DIR: path.join(dataDir, 'none'),
        ADMIN_WEB_DIR: path.join(dataDir, 'none'),
      },
      path.join(dataDir, `${name}.log`),
      port,
    );
    running.push(api);
    return api;
  }

  const sessionId = newSessionId();
  /** The user of sessionId (created on first use), as that process's database has it. */
  async function userId(api: ApiProcess): Promise<number> {
    const res = await fetch(`${api.baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: number }).id;
  }
  let firstUser: number;

  it('a second process on the same DATA_DIR refuses to start with a clear message; the first keeps serving', async () => {
    const first = await spawnEmbedded('first');
    await untilAnswers(first, '/api/site-config');

    const second = await spawnEmbedded('second');
    expect(await second.exited).toBe(1);
    const said = await second.log();
    expect(said).toContain(`DATA_DIR ${dataDir} is in use by another How's my Vibe process (pid ${first.child.pid}`);
    expect(said).not.toContain('is listening');

    firstUser = await userId(first);
  });

  it('a holder killed with -9 leaves no stale lock: the next start runs and finds the data', async () => {
    const holder = running[0]!;
    await holder.kill();
    const next = await spawnEmbedded('after-kill');
    await untilAnswers(next, '/api/site-config');
    expect(await userId(next)).toBe(firstUser);
  });
});
