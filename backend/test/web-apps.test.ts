import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_FRAME_CSP } from '../src/platform/http/security-headers.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** The embedded mode serving the admin portal's build under /adm (services mode: nginx does it). */
describe('the admin portal served at /adm', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-adm-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>admin</title><div id="root"></div>');
    await writeFile(path.join(dir, 'ad-preview.html'), '<!doctype html><script>parent.postMessage(1,"*")</script>');
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    t = await startTestApp({ ADMIN_WEB_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers every portal path with index.html (real /adm/... paths survive a reload)', async () => {
    const bare = await request(t.server).get('/adm').set('Accept', 'text/html');
    expect([bare.status, bare.headers.location ?? '/adm/']).toEqual([bare.status === 200 ? 200 : 301, '/adm/']);
    for (const p of ['/adm/', '/adm/media', '/adm/dbtest', '/adm/populate-votes']) {
      const res = await request(t.server).get(p).set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends /adm/db-test, a path some texts link to, to /adm/dbtest', async () => {
    const res = await request(t.server).get('/adm/db-test').expect(301);
    expect(res.headers.location).toBe('/adm/dbtest');
  });

  it("keeps the portal's strict script policy, and gives the ad preview frame the ad frame's own", async () => {
    const page = await request(t.server).get('/adm/ads').set('Accept', 'text/html').expect(200);
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    const frame = await request(t.server).get('/adm/ad-preview.html').expect(200);
    expect(frame.headers['content-security-policy']).toBe(AD_FRAME_CSP);
    expect(frame.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('serves hashed assets for a year and leaves /api answering JSON', async () => {
    const asset = await request(t.server).get('/adm/assets/index-abc.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await request(t.server).get('/api/admin/nothing-here').set('Accept', 'text/html');
    expect(api.headers['content-type']).toContain('application/json');
  });
});
