import net from 'node:net';
import path from 'node:path';
import {
  bool,
  custom,
  int,
  ip,
  oneOf,
  optionalGroup,
  optionalInt,
  type ParseContext,
  type Parsed,
  parseSettings,
  settingNames,
  str,
  url,
} from './setting.js';

/**
 * The only reader of process.env. Every setting is declared once below — its variable, parsing,
 * bounds and default — grouped by the part of the product that reads it; `AppConfig`'s type is
 * derived from the same declaration. A bad deployment fails at boot with the full list of problems
 * instead of at first use. A new setting: one line here and a row in the README's table (and
 * compose/Dockerfile as deployment-config.test.ts asks).
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const count = (env: string, fallback: number) => int(env, fallback, 0, 10_000_000);
const production = (ctx: ParseContext) => ctx.raw('NODE_ENV') === 'production';

const SETTINGS = {
  // ---- process and HTTP (platform/http)
  nodeEnv: oneOf('NODE_ENV', ['development', 'production', 'test'], 'development'),
  port: int('PORT', 3000, 0, 65535),
  /** Address the API listens on; undefined listens on every interface. */
  listenAddress: ip('LISTEN_ADDRESS'),
  dataDir: custom('DATA_DIR', (raw) => path.resolve(raw ?? './data')),
  publicUrl: custom('PUBLIC_URL', (raw, ctx) =>
    (url('PUBLIC_URL', ['http:', 'https:']).parse(raw, ctx) ?? `http://localhost:${ctx.raw('PORT') ?? 3000}`).replace(
      /\/+$/,
      '',
    ),
  ),
  /** Requests per minute per client IP on any route (coarse flood guard). */
  rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', (ctx) => (production(ctx) ? 600 : 100_000), 1, 10_000_000),
  /**
   * Peers allowed to name the client in X-Forwarded-For (Express `trust proxy`): addresses, CIDR
   * ranges, or loopback / linklocal / uniquelocal. Anyone else is the client themselves.
   */
  trustedProxies: custom('TRUSTED_PROXIES', (raw, ctx) => {
    const list = (raw ?? 'loopback')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    for (const entry of list)
      if (!isProxyAddress(entry))
        ctx.problem(
          `TRUSTED_PROXIES entries must be IP addresses, CIDR ranges or loopback/linklocal/uniquelocal (got "${entry}")`,
        );
    return list;
  }),
  logLevel: str('LOG_LEVEL', (ctx) => (ctx.raw('NODE_ENV') === 'test' ? 'warn' : 'info')),
  /**
   * Percent of the successful, fast pick/view/vote/media-file answers whose request line is
   * written at info (the rest at debug): they are most of the log at production traffic.
   * Errors, refusals and slow answers are always written.
   */
  logHotPathPercent: int('LOG_HOT_PATH_PERCENT', (ctx) => (production(ctx) ? 1 : 100), 0, 100),
  /** An answer slower than this many milliseconds is always logged. */
  logSlowMs: int('LOG_SLOW_MS', 1000, 1, 600_000),
  /** Folder holding the built visitor app (served at /) and admin app (served at /adm). */
  visitorWebDir: custom('VISITOR_WEB_DIR', (raw) => path.resolve(raw ?? path.join(repoRoot, 'visitor-web', 'dist'))),
  adminWebDir: custom('ADMIN_WEB_DIR', (raw) => path.resolve(raw ?? path.join(repoRoot, 'admin-web', 'dist'))),
  siteName: str('SITE_NAME', "How's my Vibe?"),
  /** host (lower-case, no port) → display name */
  siteDomainNames: custom('SITE_DOMAIN_NAMES', (raw, ctx) => {
    const names: Record<string, string> = {};
    for (const pair of (raw ?? '').split(',').filter((p) => p.trim())) {
      const [host, name] = pair.split('=').map((s) => s?.trim());
      if (!host || !name) ctx.problem(`SITE_DOMAIN_NAMES entry "${pair}" must look like host=Name`);
      else names[host.toLowerCase()] = name;
    }
    return names;
  }),
  analyticsUrl: url('ANALYTICS_URL', ['http:', 'https:'], ''),

  // ---- database and storage (platform/database, platform/storage)
  databaseUrl: custom('DATABASE_URL', (raw, ctx) =>
    withPassword(url('DATABASE_URL', ['postgres:', 'postgresql:']).parse(raw, ctx), ctx.raw('DATABASE_PASSWORD')),
  ),
  /** The embedded database waits for the disk before answering a commit (off only for throwaway data: tests). */
  embeddedDbFsync: bool('EMBEDDED_DB_FSYNC', true),
  s3: optionalGroup('S3_BUCKET', {
    bucket: str('S3_BUCKET', ''),
    endpoint: url('S3_ENDPOINT', ['http:', 'https:']),
    region: str('S3_REGION', 'us-east-1'),
    accessKeyId: str('S3_ACCESS_KEY_ID'),
    secretAccessKey: str('S3_SECRET_ACCESS_KEY'),
  }),

  // ---- database backups (modules/backups)
  /** Hours between the deployment's automatic database backups; 0 switches them off. */
  backupEveryHours: int('BACKUP_EVERY_HOURS', 24, 0, 8760),
  /** How many backups are kept (the newest); older ones are removed after each new one. */
  backupKeep: int('BACKUP_KEEP', 7, 1, 1000),
  backupDir: custom('BACKUP_DIR', (raw, ctx) =>
    path.resolve(raw ?? path.join(ctx.raw('DATA_DIR') ?? './data', 'backups')),
  ),

  // ---- jobs (platform/jobs)
  redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
  runJobs: bool('RUN_JOBS', true),
  /** Redis key prefix of the BullMQ queues (one per deployment, or per test run). */
  jobsPrefix: str('JOBS_PREFIX', 'vibe', (v) =>
    /^[A-Za-z0-9_.-]{1,64}$/.test(v)
      ? null
      : `JOBS_PREFIX must be 1 to 64 letters, digits, '.', '_' or '-' (got "${v}")`,
  ),
  /** How long a job's lock lives without a heartbeat before another worker takes the job over. */
  jobsLockMs: int('JOBS_LOCK_MS', 30_000, 1_000, 600_000),

  // ---- mail and sign-in (platform/mail, modules/session)
  smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
  mailFrom: str('MAIL_FROM', "How's my Vibe <no-reply@localhost>"),
  geocoderUrl: custom('GEOCODER_URL', (raw, ctx) =>
    url('GEOCODER_URL', ['http:', 'https:'], 'https://nominatim.openstreetmap.org').parse(raw, ctx).replace(/\/+$/, ''),
  ),

  // ---- operators (platform/http admin auth, platform/metrics)
  adminUsername: str('ADMIN_USERNAME', 'admin'),
  adminPassword: custom('ADMIN_PASSWORD', (raw, ctx) => {
    if (raw !== undefined && raw.length < 8) ctx.problem('ADMIN_PASSWORD must be at least 8 characters');
    return raw;
  }),
  /** Lifetime of an admin session token from POST /api/admin/login. */
  adminTokenTtlHours: int('ADMIN_TOKEN_TTL_HOURS', 12, 1, 720),
  /** Bearer token that opens /api/metrics (and the metrics port, when set); none: /api/metrics is off. */
  metricsToken: str('METRICS_TOKEN'),
  /** A listener of its own serving /metrics (the worker's only way to expose them); none: no such listener. */
  metricsPort: optionalInt('METRICS_PORT', 1, 65535),

  // ---- quotas (platform/budget; issue 20): per address and per session, 0 turns one off
  quotas: {
    sessionsPerAddressPerHour: count('SESSIONS_PER_ADDRESS_PER_HOUR', 60),
    votesPerAddressPerMinute: count('VOTES_PER_ADDRESS_PER_MINUTE', 60),
    uploadsPerSession: {
      perHour: count('UPLOADS_PER_SESSION_PER_HOUR', 20),
      perDay: count('UPLOADS_PER_SESSION_PER_DAY', 100),
      mbPerHour: count('UPLOAD_MB_PER_SESSION_PER_HOUR', 200),
      mbPerDay: count('UPLOAD_MB_PER_SESSION_PER_DAY', 1000),
    },
    uploadsPerAddress: {
      perHour: count('UPLOADS_PER_ADDRESS_PER_HOUR', 60),
      perDay: count('UPLOADS_PER_ADDRESS_PER_DAY', 300),
      mbPerHour: count('UPLOAD_MB_PER_ADDRESS_PER_HOUR', 600),
      mbPerDay: count('UPLOAD_MB_PER_ADDRESS_PER_DAY', 3000),
    },
    reportsPerSessionPerHour: count('REPORTS_PER_SESSION_PER_HOUR', 10),
    reportsPerAddressPerHour: count('REPORTS_PER_ADDRESS_PER_HOUR', 30),
    /** GET /media/* answers that found nothing (404), per network: hits are never counted. */
    mediaMissesPerAddressPerMinute: count('MEDIA_MISSES_PER_ADDRESS_PER_MINUTE', 120),
  },

  // ---- moderation (modules/moderation)
  /** Distinct reporters after which a media item leaves every random pick until an operator decides. */
  moderationHideAfter: int('MODERATION_HIDE_AFTER', 3, 1, 1_000_000),
  /** Who counts toward that threshold (issue 20: reports cannot be brigaded). */
  moderation: {
    reporterMinAgeMinutes: count('REPORTER_MIN_AGE_MINUTES', 60),
    reporterMinVotes: count('REPORTER_MIN_VOTES', 10),
    /** reporters of one network that count toward hiding one item; 0 = no cap */
    reportersPerNetwork: count('MODERATION_REPORTERS_PER_NETWORK', 1),
  },

  // ---- media renditions (modules/media)
  /** ffmpeg and ffprobe, for video renditions (a name on PATH or a path). */
  ffmpegPath: str('FFMPEG_PATH', 'ffmpeg'),
  ffprobePath: str('FFPROBE_PATH', 'ffprobe'),
  /** What no phone makes, refused at upload from the file's header (issue 26; domain/media-budget.ts). */
  mediaLimits: {
    videoMaxSide: int('VIDEO_MAX_SIDE', 8192, 64, 65_535),
    videoMaxFps: int('VIDEO_MAX_FPS', 240, 1, 10_000),
    videoMaxSeconds: int('VIDEO_MAX_SECONDS', 600, 1, 86_400),
    videoMaxDecodeMegapixels: int('VIDEO_MAX_DECODE_MEGAPIXELS', 20_000, 1, 10_000_000),
    imageMaxMegapixels: int('IMAGE_MAX_MEGAPIXELS', 100, 1, 1_000),
    interlacedMaxMegapixels: int('IMAGE_MAX_INTERLACED_MEGAPIXELS', 25, 1, 1_000),
    animationMaxFrames: int('ANIMATION_MAX_FRAMES', 500, 1, 100_000),
    animationMaxMegapixels: int('ANIMATION_MAX_MEGAPIXELS', 50, 1, 10_000),
  },
  /** Address space (virtual memory) each ffmpeg/ffprobe may map; past it the tool fails, the item is unrenderable. */
  mediaToolMemoryMb: int('MEDIA_TOOL_MEMORY_MB', 2048, 128, 1_048_576),
  /**
   * Renditions made at once by one process (issue 26 item 5); unset: 1 in the API (requests need
   * the other core), cores − 1 in the worker (worker.ts).
   */
  renditionConcurrency: optionalInt('RENDITION_CONCURRENCY', 1, 64),
  /**
   * A process that runs jobs queues "Generate missing renditions" at start when items are left
   * that the current pipeline has not made (the upgrade cleans up by itself). Off only where
   * something else starts that job (tests that start it themselves).
   */
  renditionsUpgradeAtStart: bool('RENDITIONS_UPGRADE_AT_START', true),
} as const;

/** Rules between settings, checked after each one parsed. */
function crossChecks(c: Settings, ctx: ParseContext): void {
  if (!c.s3 && (ctx.raw('S3_ENDPOINT') || ctx.raw('S3_ACCESS_KEY_ID')))
    ctx.problem('S3_ENDPOINT / S3_ACCESS_KEY_ID are set but S3_BUCKET is not');
  if (c.s3 && Boolean(c.s3.accessKeyId) !== Boolean(c.s3.secretAccessKey))
    ctx.problem('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  if (ctx.raw('DATABASE_PASSWORD') !== undefined && !ctx.raw('DATABASE_URL'))
    ctx.problem('DATABASE_PASSWORD is set but DATABASE_URL is not');
  if (c.nodeEnv === 'production' && !c.smtpUrl)
    ctx.problem('SMTP_URL must be set in production (without it login links are only written to DATA_DIR/outbox)');
  if (c.metricsToken !== undefined && !/^[\x21-\x7e]{16,256}$/.test(c.metricsToken))
    ctx.problem('METRICS_TOKEN must be 16 to 256 printable characters without spaces');
  if (c.metricsPort !== undefined && c.metricsPort === c.port) ctx.problem('METRICS_PORT must differ from PORT');
}

type Settings = Parsed<typeof SETTINGS>;

/** The parsed settings (DI token); its fields are SETTINGS' parsed values. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the fields come from SETTINGS
export interface AppConfig extends Settings {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class AppConfig {
  get secureCookies(): boolean {
    return this.publicUrl.startsWith('https://');
  }

  /** The display name for a request's Host (SITE_DOMAIN_NAMES), else SITE_NAME. */
  siteNameFor(host: string | undefined): string {
    const bare = (host ?? '').toLowerCase().replace(/:\d+$/, '');
    return this.siteDomainNames[bare] ?? this.siteName;
  }
}

/** Uploads one visitor (or one address) may make: files and megabytes (10^6 bytes) per hour and per day. */
export type UploadQuota = Settings['quotas']['uploadsPerSession'];
/** Limits that need shared counters (platform/budget); each 0 means no limit. */
export type Quotas = Settings['quotas'];

/** Every variable the product reads (README table, deployment-config.test.ts). */
export const SETTING_NAMES: readonly string[] = [...settingNames(SETTINGS), 'DATABASE_PASSWORD'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Source = Record<string, string | undefined>;

/** DATABASE_PASSWORD goes into the URL encoded, so any character is safe in it (compose passes it apart). */
function withPassword(databaseUrl: string | undefined, password: string | undefined): string | undefined {
  if (!databaseUrl || password === undefined) return databaseUrl;
  try {
    const u = new URL(databaseUrl);
    u.password = encodeURIComponent(password);
    return u.toString();
  } catch {
    return databaseUrl; // already reported as not a valid URL
  }
}

export function loadConfig(source: Source = process.env): AppConfig {
  const problems: string[] = [];
  const ctx: ParseContext = {
    raw: (name) => source[name]?.trim() || undefined,
    problem: (message) => problems.push(message),
  };
  const settings = parseSettings(SETTINGS, ctx);
  crossChecks(settings, ctx);
  if (problems.length) throw new ConfigError(problems);
  return Object.assign(new AppConfig(), settings);
}

/** What Express's `trust proxy` understands, checked here so a typo fails the start, not every request. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** For the process entry points: a bad configuration ends the process with the list of problems. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
