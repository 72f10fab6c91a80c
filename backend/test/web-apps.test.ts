import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
    const adPreview = '<!doctype html><script>parent.postMessage(1,"*")</script>';
    await writeFile(path.join(dir, 'ad-preview.html'), adPreview);
    // the build compresses it too (it is over the 1 KB threshold)
    await writeFile(path.join(dir, 'ad-preview.html.br'), brotliCompressSync(adPreview));
    await writeFile(path.join(dir, 'ad-preview.html.gz'), gzipSync(adPreview));
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
    for (const encoding of ['br', 'gzip', 'identity']) {
      const frame = await request(t.server).get('/adm/ad-preview.html').set('Accept-Encoding', encoding).expect(200);
      expect([encoding, frame.headers['content-encoding'] ?? 'identity']).toEqual([encoding, encoding]);
      expect(frame.headers['content-security-policy']).toBe(AD_FRAME_CSP);
      expect(frame.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    }
  });

  it('serves hashed assets for a year and leaves /api answering JSON', async () => {
    const asset = await request(t.server).get('/adm/assets/index-abc.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await request(t.server).get('/api/admin/nothing-here').set('Accept', 'text/html');
    expect(api.headers['content-type']).toContain('application/json');
  });
});

/**
 * What a browser gets for the visitor app's JS and CSS: the build's brotli or gzip copy, never a bigger
 * plain file; and what makes the app installable and crawlable (issue 29).
 */
describe('the built apps sent pre-compressed', () => {
  let t: TestApp;
  let dir: string;
  let port: number;
  const js = `export const big = ${JSON.stringify('hot or not '.repeat(400))};`;
  const css = `.rate { display: grid; }\n`.repeat(100);

  /** The raw bytes and headers (supertest would decode the body). */
  const raw = (p: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      http
        .get({ host: '127.0.0.1', port, path: p, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>visitor</title><div id="root"></div>');
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), js);
    await writeFile(path.join(dir, 'assets', 'index-abc.js.br'), brotliCompressSync(js));
    await writeFile(path.join(dir, 'assets', 'index-abc.js.gz'), gzipSync(js));
    await writeFile(path.join(dir, 'assets', 'style-abc.css'), css);
    await writeFile(path.join(dir, 'assets', 'style-abc.css.gz'), gzipSync(css));
    await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\nDisallow: /api/\n');
    await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    t = await startTestApp({ VISITOR_WEB_DIR: dir, SITE_DOMAIN_NAMES: 'vibes.example=Vibe Check Central' });
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    port = (t.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers brotli to a browser that takes it, with the file’s own type, Vary and a year of caching', async () => {
    const res = await raw('/assets/index-abc.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(js) / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(js);
  });

  it('answers gzip where brotli is not accepted, and the plain file to a client that takes neither', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await raw('/assets/index-abc.js', accept);
      expect([accept, res.headers['content-encoding']]).toEqual([accept, 'gzip']);
      expect(gunzipSync(res.body).toString()).toBe(js);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    }
    for (const accept of [undefined, 'identity', 'compress']) {
      const res = await raw('/assets/index-abc.js', accept);
      expect([accept, res.headers['content-encoding']]).toEqual([accept, undefined]);
      expect(res.body.toString()).toBe(js);
      // a shared cache must not hand this plain copy to a browser that asked for brotli
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    }
  });

  it('sends the copy that exists: a stylesheet built with gzip only is gzip even to a brotli browser', async () => {
    const res = await raw('/assets/style-abc.css', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(res.body).toString()).toBe(css);
  });

  it('keeps the history fallback and API answers as they were', async () => {
    const html = await request(t.server)
      .get('/stats')
      .set('Accept', 'text/html')
      .set('Accept-Encoding', 'br')
      .expect(200);
    expect(html.text).toContain('<div id="root">');
    expect(html.headers['cache-control']).toBe('no-cache');
    const api = await raw('/api/nothing-here', 'br, gzip');
    expect([api.status, api.headers['content-encoding'], api.headers['content-type']]).toEqual([
      404,
      undefined,
      expect.stringContaining('application/json'),
    ]);
  });

  it('answers robots.txt as text, not the app', async () => {
    const res = await request(t.server).get('/robots.txt').set('Accept', 'text/html,*/*').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('Disallow: /api/');
  });

  it('answers the manifest with the name of the domain asked, icons and standalone display', async () => {
    const res = await request(t.server).get('/manifest.webmanifest').set('Accept', '*/*').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.text) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: "How's my Vibe?", short_name: 'Hows my Vibe', display: 'standalone' });
    expect(manifest).toMatchObject({
      start_url: '/',
      theme_color: expect.any(String),
      background_color: expect.any(String),
    });
    const icons = manifest.icons as { sizes: string; purpose: string }[];
    for (const sizes of ['192x192', '512x512'])
      expect(
        icons
          .filter((i) => i.sizes === sizes)
          .map((i) => i.purpose)
          .sort(),
      ).toEqual(['any', 'maskable']);
    const other = await request(t.server).get('/manifest.webmanifest').set('Host', 'vibes.example').expect(200);
    expect(JSON.parse(other.text)).toMatchObject({ name: 'Vibe Check Central', short_name: 'Vibe Check' });
  });

  it('serves the service worker revalidated on every load, so a deploy reaches it', async () => {
    const res = await request(t.server).get('/sw.js').expect(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
