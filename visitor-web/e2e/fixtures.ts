import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What every visitor spec shares: the running API (started by run.mjs), the files a visitor
 * uploads, visitors driven through the public API, browser contexts at the project's size with
 * the analytics beacons captured, and `shot()`, the screenshot that also checks sideways
 * scrolling and axe-core (@axe-core/playwright) in the test that takes it.
 *
 * Every spec runs alone on a fresh database (`node e2e/run.mjs 03-stats`): nothing passes from
 * one spec to the next. What a spec needs it makes through `test` below: API-seeding fixtures
 * (`uploader`, `second`/`third`, `brokenPhoto`, and `seed` for a file's `beforeAll`) and the
 * browser-made visitors of the `setup` project (visitors.setup.ts): one storage state per spec
 * that begins with a session the app itself started, and the saved account (its magic link
 * confirmed in the browser, which adopts the session). Page errors fail the test they happen in.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const require = createRequire(path.join(root, 'package.json'));

export const BASE = process.env.E2E_BASE_URL!;
export const API = process.env.E2E_API_ORIGIN ?? BASE;
export const DATA_DIR = process.env.E2E_DATA_DIR!;
export const OUTBOX = path.join(DATA_DIR, 'data', 'outbox');
export const ADMIN_PASS = process.env.E2E_ADMIN_PASS!;
export const SHOTS = path.join(here, 'screenshots');
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
export const PHONE: BrowserContextOptions = { viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
mkdirSync(SHOTS, { recursive: true });

export function assert(cond: unknown, msg: string): asserts cond {
  expect(Boolean(cond), msg).toBe(true);
}

// ---------------------------------------------------------------- files a visitor uploads
const sharp = require('sharp') as typeof import('sharp').default;
const PALETTE: [string, string, string][] = [
  ['#ff7e5f', '#feb47b', 'Sunset'],
  ['#2193b0', '#6dd5ed', 'Ocean'],
  ['#8e2de2', '#4a00e0', 'Neon'],
  ['#11998e', '#38ef7d', 'Forest'],
  ['#fc466b', '#3f5efb', 'Disco'],
  ['#f7971e', '#ffd200', 'Citrus'],
];
async function makeImage(
  file: string,
  [a, b, label]: [string, string, string],
  { width = 900, height = 675, format = 'jpeg' } = {},
) {
  if (existsSync(file)) return file;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.72}" cy="${height * 0.3}" r="${height * 0.18}" fill="rgba(255,255,255,0.35)"/>
  <text x="50%" y="58%" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(Math.min(width, height) / 7)}" font-weight="bold" fill="white" text-anchor="middle">${label}</text>
</svg>`;
  const img = sharp(Buffer.from(svg));
  await (format === 'png' ? img.png() : img.jpeg({ quality: 88 })).toFile(file);
  return file;
}
async function makeBigJpeg(file: string) {
  if (existsSync(file)) return file;
  // Noise compresses badly, so a few MB: enough for several upload progress events.
  const w = 2000;
  const h = 1500;
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 255) | 0;
  await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 95 })
    .toFile(file);
  return file;
}
/** An H.264 MP4 of an ffmpeg test source (lavfi), made once; null when ffmpeg could not make it. */
export function makeVideo(file: string, source = 'testsrc=duration=2:size=480x360:rate=15') {
  if (existsSync(file)) return file;
  const r = spawnSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    source,
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-movflags',
    '+faststart',
    file,
  ]);
  return r.status === 0 && existsSync(file) ? file : null;
}
/** The upload fixtures, made once per run in its data dir. */
export async function files() {
  const dir = path.join(DATA_DIR, 'fixtures');
  mkdirSync(dir, { recursive: true });
  const seed = [];
  for (const [i, p] of PALETTE.slice(0, 5).entries())
    seed.push(await makeImage(path.join(dir, `seed-${i + 1}-${p[2].toLowerCase()}.jpg`), p));
  const mine = await makeImage(path.join(dir, 'my-beach-day.jpg'), PALETTE[5]!);
  const pasted = await makeImage(path.join(dir, 'clip.png'), ['#ee0979', '#ff6a00', 'Pasted'], {
    width: 640,
    height: 480,
    format: 'png',
  });
  const oversize = path.join(dir, 'huge-image.png');
  if (!existsSync(oversize))
    writeFileSync(oversize, Buffer.concat([readFileSync(pasted), Buffer.alloc(10 * 1024 * 1024 + 4096, 7)]));
  // A phone camera's kind of name, and a file under 1 KB (its size must not read "0.00 MB").
  const longName = path.join(dir, 'IMG_20250614_183212_HDR_portrait_mode_very_long_camera_file_name_final_v2.jpg');
  if (!existsSync(longName)) writeFileSync(longName, readFileSync(mine));
  const tiny = path.join(dir, 'tiny-dot.png');
  if (!existsSync(tiny))
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c04ff0' } })
      .png()
      .toFile(tiny);
  const invalid = path.join(dir, 'notes.txt');
  if (!existsSync(invalid)) writeFileSync(invalid, 'not an image\n');
  return {
    seed,
    mine,
    pasted,
    oversize,
    longName,
    tiny,
    invalid,
    big: await makeBigJpeg(path.join(dir, 'big-noise-photo.jpg')),
    video: makeVideo(path.join(dir, 'tiny-clip.mp4')),
  };
}
/** A 12 MP camera-size photo (4000×3000): its original is megabytes of pixels nobody else may fetch. */
export async function cameraPhoto() {
  const dir = path.join(DATA_DIR, 'fixtures');
  mkdirSync(dir, { recursive: true });
  return makeImage(path.join(dir, 'IMG_4000x3000.jpg'), ['#0f2027', '#2c5364', 'Camera'], {
    width: 4000,
    height: 3000,
  });
}
/**
 * Tall media that a crop would cut (issue 19): a portrait camera photo stored landscape with EXIF
 * orientation 6 (it displays 1500×2000), a phone screenshot of 1170×2532, and a portrait phone
 * video (360×640) with its moov box at the end, as phones write them.
 */
export async function portraitFiles() {
  const dir = path.join(DATA_DIR, 'fixtures');
  mkdirSync(dir, { recursive: true });
  const photo = path.join(dir, 'portrait-exif6.jpg');
  if (!existsSync(photo)) {
    const upright = await makeImage(path.join(dir, 'portrait-upright.jpg'), ['#ff9966', '#ff5e62', 'Portrait'], {
      width: 1500,
      height: 2000,
    });
    // pixels turned a quarter left, and orientation 6 telling viewers to turn them back
    const stored = await sharp(upright).rotate(-90).toBuffer();
    await sharp(stored).withMetadata({ orientation: 6 }).jpeg({ quality: 88 }).toFile(photo);
  }
  const screenshot = await makeImage(path.join(dir, 'phone-screenshot.png'), ['#0f2027', '#2c5364', 'Screenshot'], {
    width: 1170,
    height: 2532,
    format: 'png',
  });
  const video = path.join(dir, 'portrait-clip.mp4');
  if (!existsSync(video))
    spawnSync('ffmpeg', [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=2:size=360x640:rate=15'],
      ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', video],
    ]);
  assert(existsSync(video), 'ffmpeg made no portrait video');
  return {
    photo: { file: photo, type: 'image/jpeg', width: 1500, height: 2000 },
    screenshot: { file: screenshot, type: 'image/png', width: 1170, height: 2532 },
    video: { file: video, type: 'video/mp4', width: 360, height: 640 },
  };
}

/** The uploads of a visitor as the upload spec makes them: big, mine, the video, a pasted image. */
export const MY_UPLOADS = 4;

// ---------------------------------------------------------------- a visitor through the public API
const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newSessionId = () => Array.from({ length: 32 }, () => ALPHANUM[(Math.random() * 62) | 0]).join('');
type User = { id: number | string; username: string };
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export class ApiVisitor {
  cookie = '';
  /** The id the session was started with (the app keeps it in localStorage). */
  sessionId = '';
  user!: User;
  /** The API visitor behind a browser context (its session cookie). */
  static async of(ctx: BrowserContext) {
    const v = new ApiVisitor();
    v.cookie = (await ctx.cookies()).filter((c) => c.name === 'vibe_session').map((c) => `${c.name}=${c.value}`)[0]!;
    v.user = (await v.call('GET', '/api/session')).json as User;
    assert(v.user?.id, 'no session for the browser visitor');
    return v;
  }
  /** The API visitor behind a saved storage state (its session cookie and the app's session record). */
  static async ofState(state: StorageState) {
    const v = new ApiVisitor();
    v.cookie = state.cookies.filter((c) => c.name === 'vibe_session').map((c) => `${c.name}=${c.value}`)[0]!;
    const record = state.origins.flatMap((o) => o.localStorage).find((e) => e.name === 'hmv.session');
    v.sessionId = (JSON.parse(record?.value ?? '{}') as { sessionId?: string }).sessionId ?? '';
    v.user = (await v.call('GET', '/api/session')).json as User;
    assert(v.user?.id && v.sessionId, 'no session in the storage state');
    return v;
  }
  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(API + url, {
      method,
      headers: {
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...(body && !(body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie?.() ?? [])
      if (c.startsWith('vibe_session=')) this.cookie = c.split(';')[0]!;
    const text = await res.text();
    let json: Json;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json };
  }
  async start() {
    this.sessionId = newSessionId();
    const r = await this.call('POST', '/api/session', { sessionId: this.sessionId });
    assert(r.status < 300, `POST /api/session → ${r.status} ${JSON.stringify(r.json)}`);
    this.user = r.json as User;
    return this.user;
  }
  /**
   * Uploads a file and waits until its renditions are made: only then is it offered to other
   * visitors (issue 26). `{ rendered: false }` answers at once, still processing.
   */
  async upload(file: string, type: string, name = path.basename(file), { rendered = true } = {}) {
    const form = new FormData();
    form.append('userId', String(this.user.id));
    form.append('file', new Blob([readFileSync(file)], { type }), name);
    const r = await this.call('POST', '/api/media/upload', form);
    assert(r.status < 300, `upload ${name} → ${r.status} ${JSON.stringify(r.json)}`);
    const item = r.json as { id: number | string; url: string };
    if (rendered) await this.renditionsMade(item.id);
    return item;
  }
  /** Waits until My Stats no longer says the item is processing. */
  async renditionsMade(id: number | string, timeout = 120_000) {
    for (const deadline = Date.now() + timeout; ;) {
      const stats = (await this.call('GET', `/api/users/${this.user.id}/stats`)).json as {
        mediaStats: { id: number | string; renditionsState: string }[];
      };
      const state = stats.mediaStats.find((m) => String(m.id) === String(id))?.renditionsState;
      if (state !== 'pending') return state;
      assert(Date.now() < deadline, `media ${id} still processing after ${timeout} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  async voteAllRemaining(isHot: boolean) {
    const voted = [];
    for (let i = 0; i < 50; i++) {
      const r = await this.call('GET', `/api/media/random/${this.user.id}`);
      if (r.status === 404 || r.json === null) break;
      assert(r.status === 200, `random → ${r.status}`);
      await this.call('POST', `/api/media/${r.json.id}/view`, { userId: this.user.id });
      const v = await this.call('POST', '/api/votes', { userId: this.user.id, mediaId: r.json.id, isHot });
      assert(v.status < 300, `vote → ${v.status} ${JSON.stringify(v.json)}`);
      voted.push(r.json.id);
    }
    return voted;
  }
  /** Votes Hot on everything on the site except `keep` (ids), so that only those are left to rate. */
  async rateAllBut(keep: (string | number)[]) {
    const ids = keep.map(String);
    for (let i = 0; i < 200; i++) {
      const r = await this.call('GET', `/api/media/random/${this.user.id}?exclude=${ids.join(',')}`);
      if (r.status !== 200 || r.json === null || ids.includes(String(r.json.id))) break;
      await this.call('POST', '/api/votes', { userId: this.user.id, mediaId: r.json.id, isHot: true });
    }
  }
}
const basic = 'Basic ' + Buffer.from(`admin:${ADMIN_PASS}`).toString('base64');
export async function adminPost(url: string, body: unknown) {
  const res = await fetch(API + url, {
    method: 'POST',
    headers: { Authorization: basic, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

// ---------------------------------------------------------------- browser contexts and pages
const analytics = new WeakMap<BrowserContext, string[]>();
/** A context at the size asked for (`desktop` or `phone`), its analytics beacons captured. */
export async function newContext(browser: Browser, size: 'desktop' | 'phone', options: BrowserContextOptions = {}) {
  const ctx = await browser.newContext({
    baseURL: BASE,
    ...(size === 'phone' ? PHONE : { viewport: DESKTOP }),
    ...options,
  });
  const events: string[] = [];
  analytics.set(ctx, events);
  await ctx.route('**/__e2e_analytics', async (route) => {
    let event = 'unparsable';
    try {
      event = (JSON.parse(route.request().postData() ?? 'null') as { event: string }).event;
    } catch {
      /* counted as unparsable */
    }
    events.push(event);
    await route.fulfill({ status: 204 });
  });
  return ctx;
}
/** The analytics events this context's pages have sent so far. */
export async function expectTracked(ctx: BrowserContext, events: string[]) {
  const seen = analytics.get(ctx) ?? [];
  await expect
    .poll(() => events.filter((e) => !seen.includes(e)), { message: `analytics events (saw ${seen.join(', ')})` })
    .toEqual([]);
}

/** Uncaught errors of every page of this worker; each test fails on those thrown while it ran. */
const pageErrors: string[] = [];
let pageErrorsChecked = 0;
const consoleErrors = new WeakMap<Page, string[]>();
export async function newPage(ctx: BrowserContext) {
  const page = await ctx.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  consoleErrors.set(page, errors);
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location()?.url ?? ''}`.trim());
  });
  return page;
}
export const consoleErrorsOf = (page: Page) => consoleErrors.get(page) ?? [];

// ---------------------------------------------------------------- screenshots and audits
/**
 * axe-core on the screen as shown: serious and critical findings fail the test (softly: it goes
 * on, and fails at its end). Also checks that accessible names contain the visible text
 * (label-content-name-mismatch, off by default in axe). @axe-core/playwright evaluates axe
 * through the DevTools protocol, which the app's CSP (script-src 'self') does not stop; the
 * legacy mode runs it in the page alone, and not in the ad frame (the advertiser's document,
 * sandboxed and cross-origin), as axe.run with `iframes: false` did before.
 */
async function axeAudit(page: Page, label: string) {
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({
      iframes: false,
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect.soft(serious, `axe-core: serious or critical findings on ${label}`).toEqual([]);
}
/** A screenshot of the screen as it is, checked for sideways scrolling and by axe-core. */
export async function shot(page: Page, name: string) {
  const vp = page.viewportSize()!;
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: path.join(SHOTS, `${name}-${vp.width}x${vp.height}.png`) });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(wide, `${name}-${vp.width}x${vp.height} scrolls sideways by ${wide} px`).toBeLessThanOrEqual(0);
  await axeAudit(page, `${name}-${vp.width}x${vp.height}`);
}
/** Every visible control has a name, every image an alt, every field a label. */
export async function auditPage(page: Page, label: string) {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const named = (el: Element) => {
      const by = el.getAttribute('aria-labelledby');
      return (
        el.getAttribute('aria-label') ||
        (by && document.getElementById(by)?.textContent) ||
        el.textContent ||
        el.getAttribute('title') ||
        ''
      ).trim();
    };
    for (const el of document.querySelectorAll('button, a[href], [role=button], iframe')) {
      if (el.tagName === 'IFRAME' ? !el.getAttribute('title') : visible(el) && !named(el))
        out.push(`unnamed ${el.outerHTML.slice(0, 90)}`);
    }
    for (const el of document.querySelectorAll('img'))
      if (!el.hasAttribute('alt')) out.push(`img without alt ${el.outerHTML.slice(0, 90)}`);
    for (const el of document.querySelectorAll('input:not([type=hidden]), select, textarea')) {
      const ok =
        el.getAttribute('aria-label') ||
        el.getAttribute('aria-labelledby') ||
        (el.id && document.querySelector(`label[for="${el.id}"]`)) ||
        el.closest('label');
      if (!ok) out.push(`unlabelled ${el.outerHTML.slice(0, 90)}`);
    }
    return out;
  });
  expect.soft(problems.slice(0, 8), `${label}: controls labelled, images with alt, fields with labels`).toEqual([]);
}

// ---------------------------------------------------------------- the rating screen and friends
/** The ids of the media this page voted on (POST /api/votes), as they are sent. */
export function watchVotes(page: Page) {
  const ids: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/votes')
      ids.push(String((JSON.parse(r.postData() ?? '{}') as { mediaId: unknown }).mediaId));
  });
  return ids;
}
/** Waits until the current item's media has loaded (voting opens then); returns its id. */
export async function loadedMediaId(page: Page, timeout = 10_000) {
  await page.locator('[data-testid=rate-media][data-loaded=true]').waitFor({ timeout });
  return page.locator('[data-testid=rate-media]').getAttribute('data-media-id');
}
export const mediaId = (page: Page) =>
  page.locator('[data-testid=rate-media]').getAttribute('data-media-id', { timeout: 10_000 });
export async function waitForNewMedia(page: Page, previous: string | null, timeout = 10_000) {
  const handle = await page.waitForFunction(
    (prev) => {
      const id = document.querySelector('[data-testid=rate-media]')?.getAttribute('data-media-id');
      return id && id !== prev ? id : null;
    },
    previous,
    { timeout },
  );
  return (await handle.jsonValue()) as string;
}
/** Where the focus is: inside the named dialog, and which element. */
export const focusIn = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const a = document.activeElement;
    return {
      inside: Boolean(a && a.closest(sel)),
      tag: a?.tagName ?? '',
      label: a?.getAttribute('aria-label') ?? a?.textContent?.trim().slice(0, 40) ?? '',
    };
  }, selector);
/** A size as the spec shows it: "512 B", "4.8 KB", "2.50 MB" (number and unit never split). */
export const SIZE = /\b(\d+\u00a0B|\d+\.\d\u00a0KB|\d+\.\d\d\u00a0MB)\b/;
export async function toastText(page: Page) {
  const t = page.locator('.toast').last();
  await t.waitFor({ state: 'visible', timeout: 10_000 });
  return (await t.innerText()).replace(/\s+/g, ' ').trim();
}
export async function expectToast(page: Page, title: string, description?: string) {
  await expect
    .poll(
      async () =>
        page
          .locator('.toast')
          .allInnerTexts()
          .then((a) => a.join(' | ').replace(/\s+/g, ' '))
          .catch(() => ''),
      { message: `toast "${title}${description ? ': ' + description : ''}"`, timeout: 10_000 },
    )
    .toMatch(new RegExp(`${escape(title)}[^]*${description ? escape(description) : ''}`));
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The e-mails to `address` in the outbox, oldest first, once there are at least `count`. */
export async function mailsTo(address: string, count = 1) {
  let mails: string[] = [];
  await expect
    .poll(
      () => {
        const files = existsSync(OUTBOX) ? readdirSync(OUTBOX).filter((f) => f.endsWith('.eml')) : [];
        mails = files
          .sort() // named by the time they were written
          .map((f) => readFileSync(path.join(OUTBOX, f), 'utf8'))
          .filter((raw) => raw.includes(address));
        return mails.length;
      },
      { message: `${count} e-mail(s) to ${address} in ${OUTBOX}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}
export function linkFromEml(raw: string) {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const m = /https?:\/\/[^\s"'<>]+\/api\/auth\/magic-link\?token=[A-Za-z0-9_\-.%]+/.exec(unfolded);
  if (!m) throw new Error('no magic link in the e-mail');
  return m[0];
}

// ---------------------------------------------------------------- what a spec seeds for itself
/**
 * The visitors whose session the app itself started (visitors.setup.ts, the `setup` project): one
 * per spec and size that needs a browser visitor to begin with, so no two specs share one.
 */
export const BROWSER_VISITORS = [
  'upload',
  'upload-phone',
  'stats',
  'stats-phone',
  'profile',
  'account',
  'shell',
  'not-found',
] as const;
type BrowserVisitorName = (typeof BROWSER_VISITORS)[number];
export const visitorStateFile = (name: BrowserVisitorName) => path.join(DATA_DIR, 'visitors', `${name}.json`);
/** A browser-made visitor: its storage state (for `newContext`) and the same visitor through the API. */
export type BrowserVisitor = { storageState: StorageState; api: ApiVisitor };
type Media = { id: string | number; url: string };

/** API seeding, for a spec's `beforeAll` (the fixtures of `test` below use the same). */
export const seed = {
  /** A fresh visitor through the public API. */
  async visitor() {
    const v = new ApiVisitor();
    await v.start();
    return v;
  },
  /** A visitor who shared `n` of the five seed photos (the site has something to rate). */
  async uploader(n = 5) {
    const fx = await files();
    const visitor = await seed.visitor();
    const media: Media[] = [];
    for (const f of fx.seed.slice(0, n)) media.push(await visitor.upload(f, 'image/jpeg'));
    return { visitor, media };
  },
  /** The browser-made visitor `name` of the setup project. */
  async browserVisitor(name: BrowserVisitorName): Promise<BrowserVisitor> {
    const file = visitorStateFile(name);
    assert(existsSync(file), `no browser-made visitor "${name}" at ${file} (the setup project makes it)`);
    const storageState = JSON.parse(readFileSync(file, 'utf8')) as StorageState;
    return { storageState, api: await ApiVisitor.ofState(storageState) };
  },
  /** The uploads the upload spec makes through the app (MY_UPLOADS): big, mine, the video, a pasted image. */
  async myUploads(v: ApiVisitor) {
    const fx = await files();
    assert(fx.video, 'ffmpeg is not installed: no video fixture (apt-get install ffmpeg)');
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    return [
      await v.upload(fx.big, 'image/jpeg'),
      await v.upload(fx.mine, 'image/jpeg'),
      await v.upload(fx.video, 'video/mp4'),
      await v.upload(fx.pasted, 'image/png', `pasted-image-${stamp.slice(0, 8)}-${stamp.slice(8)}.png`),
    ];
  },
  /** The saved account of the setup project (its e-mail verified through the outbox), and its address. */
  async savedAccount() {
    const v = await seed.browserVisitor('account');
    const me = (await v.api.call('GET', '/api/session')).json as { email: string; emailVerified: boolean };
    assert(me.emailVerified && me.email, `the setup project's account is not saved: ${JSON.stringify(me)}`);
    return { ...v, email: me.email, username: v.api.user.username };
  },
  /**
   * A photo uploaded through the app whose stored files (the original and the renditions the
   * background job makes) are then deleted; and the storage state of its owner.
   */
  async brokenPhoto(browser: Browser) {
    const fx = await files();
    const owner = await newContext(browser, 'desktop');
    const op = await newPage(owner);
    await op.goto('/upload');
    await op.locator('[data-testid=file-input]').setInputFiles([fx.seed[2]!]);
    const [res] = await Promise.all([
      op.waitForResponse((r) => new URL(r.url()).pathname === '/api/media/upload'),
      op.getByRole('button', { name: 'Upload All' }).click(),
    ]);
    const broken = (await res.json()) as Media;
    // "gone" means every stored file of it: the original and the renditions the background job
    // makes (screens show the preview and thumbnail), so wait for that job before deleting
    const api = await ApiVisitor.of(owner);
    let made: { thumbUrl?: string; previewUrl?: string } | undefined;
    for (let i = 0; i < 150 && !made?.previewUrl; i++) {
      if (i) await new Promise((r) => setTimeout(r, 200));
      const stats = (await api.call('GET', `/api/users/${api.user.id}/stats`)).json as {
        mediaStats: { id: string | number; thumbUrl?: string; previewUrl?: string }[];
      };
      made = stats.mediaStats.find((m) => String(m.id) === String(broken.id));
    }
    assert(made?.previewUrl && made.thumbUrl, 'the renditions of the seeded photo were never made');
    const key = decodeURIComponent(new URL(broken.url, API).pathname.replace(/^\/media\//, ''));
    const media = path.join(DATA_DIR, 'data', 'media');
    const file = path.join(media, ...key.split('/'));
    assert(existsSync(file), `no stored file at ${file}`);
    rmSync(file);
    rmSync(path.join(media, 'renditions', ...key.split('/')), { recursive: true });
    for (const url of [broken.url, made.previewUrl, made.thumbUrl]) {
      const r = await fetch(API + url);
      expect(r.status, `the deleted ${url} still answers`).toBeGreaterThanOrEqual(400);
    }
    const state = await owner.storageState();
    await owner.close();
    return { ...broken, owner: state };
  },
};

type Fixtures = {
  /** A visitor who shared the five seed photos. */
  uploader: Awaited<ReturnType<typeof seed.uploader>>;
  /** Two more visitors through the API (other raters, a taken username). */
  second: ApiVisitor;
  third: ApiVisitor;
  /** A photo whose stored files are gone, with its owner's storage state. */
  brokenPhoto: Awaited<ReturnType<typeof seed.brokenPhoto>>;
  /** Uncaught errors in the pages fail the test they were thrown in. */
  noPageErrors: void;
};
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
  uploader: async ({}, use) => use(await seed.uploader()),
  // eslint-disable-next-line no-empty-pattern
  second: async ({}, use) => use(await seed.visitor()),
  // eslint-disable-next-line no-empty-pattern
  third: async ({}, use) => use(await seed.visitor()),
  brokenPhoto: async ({ browser }, use) => use(await seed.brokenPhoto(browser)),
  noPageErrors: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      const thrown = pageErrors.slice(pageErrorsChecked);
      pageErrorsChecked = pageErrors.length;
      expect(thrown.slice(0, 5), 'uncaught errors in the pages').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
