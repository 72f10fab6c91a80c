import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What every visitor spec shares: the running API (started by run.mjs), the files a visitor
 * uploads, a visitor driven through the public API, browser contexts at the project's size with
 * the analytics beacons captured, and the screenshot that also checks sideways scrolling and axe.
 *
 * The specs run in order on one backend (one worker; `phone` after `desktop`, `findings` last),
 * so what one spec leaves for the next (the visitor's browser storage, the saved e-mail) is kept
 * in a small state file in the run's data dir, and what is checked across the whole run (axe,
 * labels, sideways scrolling, page errors, analytics) in a findings file read by findings.spec.ts.
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

// ---------------------------------------------------------------- what one spec leaves for the next
type State = {
  visitor?: Awaited<ReturnType<BrowserContext['storageState']>>;
  username?: string;
  savedEmail?: string;
  broken?: { id: string | number; url: string };
  owner?: Awaited<ReturnType<BrowserContext['storageState']>>;
  other?: { cookie: string; user: { id: number | string; username: string } };
  third?: { cookie: string; user: { id: number | string; username: string } };
};
const stateFile = path.join(DATA_DIR, 'e2e-state.json');
export function state(): State {
  return existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as State) : {};
}
export function remember(patch: Partial<State>) {
  writeFileSync(stateFile, JSON.stringify({ ...state(), ...patch }));
}
/** A value an earlier spec must have left; a clear failure when it did not (never a skip). */
export function needed<K extends keyof State>(key: K): NonNullable<State[K]> {
  const v = state()[key];
  if (v === undefined || v === null) throw new Error(`an earlier spec did not leave "${key}" (did it fail?)`);
  return v as NonNullable<State[K]>;
}

// ---------------------------------------------------------------- findings checked at the end of the run
type Finding = { kind: 'axe' | 'a11y' | 'overflow' | 'pageerror' | 'analytics' | 'audited'; text: string };
const findingsFile = path.join(DATA_DIR, 'e2e-findings.jsonl');
export function note(kind: Finding['kind'], text: string) {
  appendFileSync(findingsFile, JSON.stringify({ kind, text }) + '\n');
}
export function findings(kind: Finding['kind']): string[] {
  if (!existsSync(findingsFile)) return [];
  return readFileSync(findingsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Finding)
    .filter((f) => f.kind === kind)
    .map((f) => f.text);
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
function makeVideo(file: string) {
  if (existsSync(file)) return file;
  const r = spawnSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=480x360:rate=15',
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

/** My uploads in upload.spec.ts: big, mine, the video, the pasted image. */
export const MY_UPLOADS = 4;

// ---------------------------------------------------------------- a visitor through the public API
const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newSessionId = () => Array.from({ length: 32 }, () => ALPHANUM[(Math.random() * 62) | 0]).join('');
type User = { id: number | string; username: string };
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export class ApiVisitor {
  cookie = '';
  user!: User;
  static from(saved: { cookie: string; user: User }) {
    const v = new ApiVisitor();
    v.cookie = saved.cookie;
    v.user = saved.user;
    return v;
  }
  /** The API visitor behind a browser context (its session cookie). */
  static async of(ctx: BrowserContext) {
    const v = new ApiVisitor();
    v.cookie = (await ctx.cookies()).filter((c) => c.name === 'vibe_session').map((c) => `${c.name}=${c.value}`)[0]!;
    v.user = (await v.call('GET', '/api/session')).json as User;
    assert(v.user?.id, 'no session for the browser visitor');
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
    const r = await this.call('POST', '/api/session', { sessionId: newSessionId() });
    assert(r.status < 300, `POST /api/session → ${r.status} ${JSON.stringify(r.json)}`);
    this.user = r.json as User;
    return this.user;
  }
  async upload(file: string, type: string) {
    const form = new FormData();
    form.append('userId', String(this.user.id));
    form.append('file', new Blob([readFileSync(file)], { type }), path.basename(file));
    const r = await this.call('POST', '/api/media/upload', form);
    assert(r.status < 300, `upload ${path.basename(file)} → ${r.status} ${JSON.stringify(r.json)}`);
    return r.json as { id: number | string; url: string };
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
/** A context at the size asked for (`desktop`, `phone`, or the running project's), beacons captured. */
export async function newContext(browser: Browser, size: 'desktop' | 'phone', options: BrowserContextOptions = {}) {
  const ctx = await browser.newContext({
    baseURL: BASE,
    ...(size === 'phone' ? PHONE : { viewport: DESKTOP }),
    ...options,
  });
  await ctx.route('**/__e2e_analytics', async (route) => {
    let event = 'unparsable';
    try {
      event = (JSON.parse(route.request().postData() ?? 'null') as { event: string }).event;
    } catch {
      /* counted as unparsable */
    }
    note('analytics', event);
    await route.fulfill({ status: 204 });
  });
  return ctx;
}
/**
 * The visitor the rating spec started, at desktop size, for the tests of one spec: its browser
 * storage is read before the spec's first test and written back after its last, for the next spec.
 */
export function earlierVisitor(start: string, use: (ctx: BrowserContext, page: Page) => void) {
  let ctx: BrowserContext | undefined;
  test.beforeAll(async ({ browser }, info) => {
    if (info.project.name !== 'desktop') return;
    ctx = await newContext(browser, 'desktop', { storageState: needed('visitor') });
    const page = await newPage(ctx);
    await page.goto(start);
    use(ctx, page);
  });
  test.afterAll(async () => {
    if (!ctx) return;
    remember({ visitor: await ctx.storageState() });
    await ctx.close();
  });
}

const consoleErrors = new WeakMap<Page, string[]>();
export async function newPage(ctx: BrowserContext) {
  const page = await ctx.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  consoleErrors.set(page, errors);
  page.on('pageerror', (e) => note('pageerror', `${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location()?.url ?? ''}`.trim());
  });
  return page;
}
export const consoleErrorsOf = (page: Page) => consoleErrors.get(page) ?? [];

// ---------------------------------------------------------------- screenshots and audits
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/**
 * axe-core on the screen as shown: serious and critical findings fail the run. Also checks that
 * accessible names contain the visible text (label-content-name-mismatch, off by default in axe).
 */
async function axeAudit(page: Page, label: string) {
  // evaluated through the DevTools protocol: the app's CSP (script-src 'self') forbids a script tag
  if (!(await page.evaluate(() => typeof (window as Json).axe === 'object'))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const r = await (window as Json).axe.run(document, {
      iframes: false, // the ad frame is the advertiser's document, sandboxed and cross-origin
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return (r.violations as Json[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n: Json) => n.target.join(' ')) }));
  });
  note('audited', label);
  for (const v of violations) note('axe', `${label}: ${v.id} (${v.impact}) at ${v.targets.join(' | ')}`);
}
/** A screenshot of the screen as it is, checked for sideways scrolling and by axe-core. */
export async function shot(page: Page, name: string) {
  const vp = page.viewportSize()!;
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: path.join(SHOTS, `${name}-${vp.width}x${vp.height}.png`) });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wide > 0) note('overflow', `${name}-${vp.width}x${vp.height} (+${wide} px)`);
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
  for (const p of problems) note('a11y', `${label}: ${p}`);
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
export async function waitForOutbox(count: number) {
  let files: string[] = [];
  await expect
    .poll(
      () => {
        files = existsSync(OUTBOX) ? readdirSync(OUTBOX).filter((f) => f.endsWith('.eml')) : [];
        return files.length;
      },
      { message: `${count} e-mail(s) in ${OUTBOX}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return files.sort().map((f) => path.join(OUTBOX, f));
}
export function linkFromEml(raw: string) {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const m = /https?:\/\/[^\s"'<>]+\/api\/auth\/magic-link\?token=[A-Za-z0-9_\-.%]+/.exec(unfolded);
  if (!m) throw new Error('no magic link in the e-mail');
  return m[0];
}
