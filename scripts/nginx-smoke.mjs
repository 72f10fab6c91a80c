#!/usr/bin/env node
// Runs the real nginx with nginx/default.conf in front of the built API (as docker-compose wires
// them) and checks the routing a deployment relies on. Needs: nginx, `npm run build`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);
if (!nginxBin) {
  console.error('nginx is not installed');
  process.exit(1);
}
for (const f of ['backend/dist/main.js', 'visitor-web/dist/index.html', 'admin-web/dist/index.html']) {
  if (!existsSync(path.join(root, f))) {
    console.error(`${f} is missing: run npm run build first`);
    process.exit(1);
  }
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const work = mkdtempSync(path.join(os.tmpdir(), 'vibe-nginx-'));
const apiPort = await freePort();
const webPort = await freePort();
const api = spawn('node', [path.join(root, 'backend/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(apiPort),
    DATA_DIR: path.join(work, 'data'),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'nginx-smoke-pass',
    DATABASE_URL: '',
    REDIS_URL: '',
    S3_BUCKET: '',
    S3_ENDPOINT: '',
    S3_ACCESS_KEY_ID: '',
    S3_SECRET_ACCESS_KEY: '',
    SMTP_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let apiExited = false;
api.on('exit', () => (apiExited = true));

const site = readFileSync(path.join(root, 'nginx/default.conf'), 'utf8')
  .replace('server api:3000;', `server 127.0.0.1:${apiPort};`)
  .replace('listen 80;', `listen 127.0.0.1:${webPort};`)
  .replaceAll('/usr/share/nginx/html/visitor', path.join(root, 'visitor-web/dist'))
  .replaceAll('/usr/share/nginx/html/admin', path.join(root, 'admin-web/dist'));
mkdirSync(path.join(work, 'tmp'));
writeFileSync(
  path.join(work, 'nginx.conf'),
  `daemon off;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${work}/tmp/body;
  proxy_temp_path ${work}/tmp/proxy;
  fastcgi_temp_path ${work}/tmp/fastcgi;
  uwsgi_temp_path ${work}/tmp/uwsgi;
  scgi_temp_path ${work}/tmp/scgi;
${site}
}
`,
);
const nginx = spawn(nginxBin, ['-c', path.join(work, 'nginx.conf'), '-e', path.join(work, 'error.log')], {
  stdio: 'inherit',
});

const base = `http://127.0.0.1:${webPort}`;
let passed = 0;
let failed = 0;
const check = async (name, fn) => {
  try {
    await fn();
    passed++;
    console.log(`ok   ${name}`);
  } catch (err) {
    failed++;
    console.log(`FAIL ${name}: ${err.message}`);
  }
};
const expect = (cond, message) => {
  if (!cond) throw new Error(message);
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (apiExited) throw new Error('the API process exited during start-up');
    if (i > 120) throw new Error('API behind nginx did not become healthy');
    await new Promise((r) => setTimeout(r, 500));
  }
  const visitorIndex = readFileSync(path.join(root, 'visitor-web/dist/index.html'), 'utf8');
  const adminIndex = readFileSync(path.join(root, 'admin-web/dist/index.html'), 'utf8');

  await check('serves the visitor app at /', async () => {
    const r = await fetch(`${base}/`);
    expect(r.status === 200 && (await r.text()) === visitorIndex, `got ${r.status}`);
  });
  await check('falls back to the visitor app for its client routes', async () => {
    for (const p of ['/stats', '/profile', '/no/such/page']) {
      const r = await fetch(`${base}${p}`);
      expect(r.status === 200 && (await r.text()) === visitorIndex, `${p}: ${r.status}`);
    }
  });
  await check('serves the admin portal under /adm with its own fallback', async () => {
    for (const p of ['/adm/', '/adm/users']) {
      const r = await fetch(`${base}${p}`);
      expect(r.status === 200 && (await r.text()) === adminIndex, `${p}: ${r.status}`);
    }
  });
  await check('redirects /adm/db-test to /adm/dbtest', async () => {
    const r = await fetch(`${base}/adm/db-test`, { redirect: 'manual' });
    expect(
      r.status === 301 && r.headers.get('location').endsWith('/adm/dbtest'),
      `${r.status} ${r.headers.get('location')}`,
    );
  });
  await check('proxies the API, cookies included, and keeps unknown API paths JSON', async () => {
    const r = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'Ng1nxSm0keSess10nAbcdefghijklmno'.slice(0, 32) }),
    });
    expect(r.status === 200 && /vibe_session=/.test(r.headers.get('set-cookie') ?? ''), `session ${r.status}`);
    const missing = await fetch(`${base}/api/not-a-route`);
    expect(missing.status === 404 && (await missing.json()).error === 'not_found', `missing ${missing.status}`);
  });
  await check('caches hashed assets for a year', async () => {
    const asset = visitorIndex.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset, 'no asset in index.html');
    const r = await fetch(`${base}${asset}`);
    expect(
      r.status === 200 && /immutable/.test(r.headers.get('cache-control') ?? ''),
      `${r.status} ${r.headers.get('cache-control')}`,
    );
  });
  await check('rejects a body over 25 MB at the proxy', async () => {
    const r = await fetch(`${base}/api/media/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(26 * 1024 * 1024),
    });
    expect(r.status === 413, `got ${r.status}`);
  });
  await check('SIGTERM lets an in-flight request finish, then the API exits cleanly', async () => {
    const body = JSON.stringify({ sessionId: 'S1gtermCheckSess10nAbcdefghijklm' });
    const exited = new Promise((resolve) => api.once('exit', (code, signal) => resolve({ code, signal })));
    const response = new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: apiPort,
          method: 'POST',
          path: '/api/session',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => api.kill('SIGTERM'), 200);
      setTimeout(() => req.end(body.slice(10)), 700);
    });
    const res = await response;
    expect(res.status === 200, `in-flight request got ${res.status} ${res.text}`);
    const { code, signal } = await exited;
    // Nest closes the app, then re-raises the signal: exit by SIGTERM after cleanup is the clean path
    expect(code === 0 || signal === 'SIGTERM', `API exited with code ${code} signal ${signal}`);
  });
} catch (err) {
  failed++;
  console.log(`FAIL ${err.message}`);
} finally {
  nginx.kill('SIGTERM');
  api.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(work, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
