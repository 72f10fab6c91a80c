import net from 'node:net';
import path from 'node:path';

/**
 * The only reader of process.env. Every setting the product knows is parsed and checked here,
 * so a bad deployment fails at boot with the full list of problems instead of at first use.
 */
export class AppConfig {
  readonly nodeEnv!: 'development' | 'production' | 'test';
  readonly port!: number;
  /** Address the API listens on; undefined listens on every interface. */
  readonly listenAddress?: string;
  readonly dataDir!: string;
  readonly publicUrl!: string;
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
  readonly s3?: {
    bucket: string;
    endpoint?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  };
  readonly smtpUrl?: string;
  readonly mailFrom!: string;
  readonly adminUsername!: string;
  readonly adminPassword?: string;
  /** Lifetime of an admin session token from POST /api/admin/login. */
  readonly adminTokenTtlHours!: number;
  readonly siteName!: string;
  /** host (lower-case, no port) → display name */
  readonly siteDomainNames!: Record<string, string>;
  readonly geocoderUrl!: string;
  readonly runJobs!: boolean;
  /** Requests per minute per client IP on any route (coarse flood guard). */
  readonly rateLimitPerMinute!: number;
  /** Per-address and per-session quotas (issue 20); 0 turns one off. */
  readonly quotas!: Quotas;
  /** Redis key prefix of the BullMQ queues (one per deployment, or per test run). */
  readonly jobsPrefix!: string;
  /** How long a job's lock lives without a heartbeat before another worker takes the job over. */
  readonly jobsLockMs!: number;
  readonly analyticsUrl!: string;
  readonly logLevel!: string;
  /** Folder holding the built visitor app (served at /) and admin app (served at /adm). */
  readonly visitorWebDir!: string;
  readonly adminWebDir!: string;
  /**
   * Peers allowed to name the client in X-Forwarded-For (Express `trust proxy`): addresses, CIDR
   * ranges, or loopback / linklocal / uniquelocal. Anyone else is the client themselves.
   */
  readonly trustedProxies!: string[];
  /** The embedded database waits for the disk before answering a commit (off only for throwaway data: tests). */
  readonly embeddedDbFsync!: boolean;
  /** Distinct reporters after which a media item leaves every random pick until an operator decides. */
  readonly moderationHideAfter!: number;
  /** Who counts toward that threshold (issue 20: reports cannot be brigaded). */
  readonly moderation!: {
    reporterMinAgeMinutes: number;
    reporterMinVotes: number;
    /** reporters of one network that count toward hiding one item; 0 = no cap */
    reportersPerNetwork: number;
  };
  /** ffmpeg and ffprobe, for video renditions (a name on PATH or a path). */
  readonly ffmpegPath!: string;
  readonly ffprobePath!: string;
  /** Bearer token that opens /api/metrics (and the metrics port, when set); none: /api/metrics is off. */
  readonly metricsToken?: string;
  /** A listener of its own serving /metrics (the worker's only way to expose them); none: no such listener. */
  readonly metricsPort?: number;

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
export interface UploadQuota {
  perHour: number;
  perDay: number;
  mbPerHour: number;
  mbPerDay: number;
}

/** Limits that need shared counters (platform/budget); each 0 means no limit. */
export interface Quotas {
  sessionsPerAddressPerHour: number;
  votesPerAddressPerMinute: number;
  uploadsPerSession: UploadQuota;
  uploadsPerAddress: UploadQuota;
  reportsPerSessionPerHour: number;
  reportsPerAddressPerHour: number;
  /** GET /media/* answers that found nothing (404), per network: hits are never counted. */
  mediaMissesPerAddressPerMinute: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Source = Record<string, string | undefined>;

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

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
  const str = (name: string): string | undefined => {
    const v = source[name]?.trim();
    return v ? v : undefined;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const v = str(name);
    if (v === undefined) return undefined;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) {
        problems.push(`${name} must use ${protocols.join(' or ')} (got ${u.protocol})`);
      }
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return v;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const v = str(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${v}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const v = str(name)?.toLowerCase();
    if (v === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    problems.push(`${name} must be true or false (got "${v}")`);
    return fallback;
  };

  const jobsPrefix = (): string => {
    const v = str('JOBS_PREFIX') ?? 'vibe';
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(v))
      problems.push(`JOBS_PREFIX must be 1 to 64 letters, digits, '.', '_' or '-' (got "${v}")`);
    return v;
  };

  const nodeEnvRaw = str('NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnvRaw}")`);
  }
  const port = int('PORT', 3000, 0, 65535);
  const listenAddress = str('LISTEN_ADDRESS');
  if (listenAddress !== undefined && !net.isIP(listenAddress)) {
    problems.push(`LISTEN_ADDRESS must be an IP address (got "${listenAddress}")`);
  }
  const dataDir = path.resolve(str('DATA_DIR') ?? './data');
  const publicUrl = (url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const bucket = str('S3_BUCKET');
  const s3 = bucket
    ? {
        bucket,
        endpoint: url('S3_ENDPOINT', ['http:', 'https:']),
        region: str('S3_REGION') ?? 'us-east-1',
        accessKeyId: str('S3_ACCESS_KEY_ID'),
        secretAccessKey: str('S3_SECRET_ACCESS_KEY'),
      }
    : undefined;
  if (!bucket && (str('S3_ENDPOINT') || str('S3_ACCESS_KEY_ID'))) {
    problems.push('S3_ENDPOINT / S3_ACCESS_KEY_ID are set but S3_BUCKET is not');
  }
  if (s3 && Boolean(s3.accessKeyId) !== Boolean(s3.secretAccessKey)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }

  if (str('DATABASE_PASSWORD') !== undefined && !str('DATABASE_URL')) {
    problems.push('DATABASE_PASSWORD is set but DATABASE_URL is not');
  }

  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:']);
  if (nodeEnvRaw === 'production' && !smtpUrl) {
    problems.push('SMTP_URL must be set in production (without it login links are only written to DATA_DIR/outbox)');
  }

  const siteDomainNames: Record<string, string> = {};
  for (const pair of (str('SITE_DOMAIN_NAMES') ?? '').split(',').filter((p) => p.trim())) {
    const [host, name] = pair.split('=').map((s) => s?.trim());
    if (!host || !name) problems.push(`SITE_DOMAIN_NAMES entry "${pair}" must look like host=Name`);
    else siteDomainNames[host.toLowerCase()] = name;
  }

  const trustedProxies = (): string[] => {
    const list = (str('TRUSTED_PROXIES') ?? 'loopback')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    for (const entry of list) {
      if (!isProxyAddress(entry))
        problems.push(
          `TRUSTED_PROXIES entries must be IP addresses, CIDR ranges or loopback/linklocal/uniquelocal (got "${entry}")`,
        );
    }
    return list;
  };

  const metricsToken = str('METRICS_TOKEN');
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,256}$/.test(metricsToken))
    problems.push('METRICS_TOKEN must be 16 to 256 printable characters without spaces');
  const metricsPort = str('METRICS_PORT') === undefined ? undefined : int('METRICS_PORT', 0, 1, 65535);
  if (metricsPort !== undefined && metricsPort === port) problems.push('METRICS_PORT must differ from PORT');

  const adminPassword = str('ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < 8) {
    problems.push('ADMIN_PASSWORD must be at least 8 characters');
  }

  const config: AppConfig = Object.assign(new AppConfig(), {
    nodeEnv: nodeEnvRaw as AppConfig['nodeEnv'],
    port,
    listenAddress,
    dataDir,
    publicUrl,
    databaseUrl: withPassword(url('DATABASE_URL', ['postgres:', 'postgresql:']), str('DATABASE_PASSWORD')),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    s3,
    smtpUrl,
    mailFrom: str('MAIL_FROM') ?? "How's my Vibe <no-reply@localhost>",
    adminUsername: str('ADMIN_USERNAME') ?? 'admin',
    adminPassword,
    adminTokenTtlHours: int('ADMIN_TOKEN_TTL_HOURS', 12, 1, 720),
    siteName: str('SITE_NAME') ?? "How's my Vibe?",
    siteDomainNames,
    geocoderUrl: (url('GEOCODER_URL', ['http:', 'https:']) ?? 'https://nominatim.openstreetmap.org').replace(
      /\/+$/,
      '',
    ),
    runJobs: bool('RUN_JOBS', true),
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', nodeEnvRaw === 'production' ? 600 : 100_000, 1, 10_000_000),
    quotas: {
      sessionsPerAddressPerHour: int('SESSIONS_PER_ADDRESS_PER_HOUR', 60, 0, 10_000_000),
      votesPerAddressPerMinute: int('VOTES_PER_ADDRESS_PER_MINUTE', 60, 0, 10_000_000),
      uploadsPerSession: {
        perHour: int('UPLOADS_PER_SESSION_PER_HOUR', 20, 0, 10_000_000),
        perDay: int('UPLOADS_PER_SESSION_PER_DAY', 100, 0, 10_000_000),
        mbPerHour: int('UPLOAD_MB_PER_SESSION_PER_HOUR', 200, 0, 10_000_000),
        mbPerDay: int('UPLOAD_MB_PER_SESSION_PER_DAY', 1000, 0, 10_000_000),
      },
      uploadsPerAddress: {
        perHour: int('UPLOADS_PER_ADDRESS_PER_HOUR', 60, 0, 10_000_000),
        perDay: int('UPLOADS_PER_ADDRESS_PER_DAY', 300, 0, 10_000_000),
        mbPerHour: int('UPLOAD_MB_PER_ADDRESS_PER_HOUR', 600, 0, 10_000_000),
        mbPerDay: int('UPLOAD_MB_PER_ADDRESS_PER_DAY', 3000, 0, 10_000_000),
      },
      reportsPerSessionPerHour: int('REPORTS_PER_SESSION_PER_HOUR', 10, 0, 10_000_000),
      reportsPerAddressPerHour: int('REPORTS_PER_ADDRESS_PER_HOUR', 30, 0, 10_000_000),
      mediaMissesPerAddressPerMinute: int('MEDIA_MISSES_PER_ADDRESS_PER_MINUTE', 120, 0, 10_000_000),
    },
    moderation: {
      reporterMinAgeMinutes: int('REPORTER_MIN_AGE_MINUTES', 60, 0, 10_000_000),
      reporterMinVotes: int('REPORTER_MIN_VOTES', 10, 0, 10_000_000),
      reportersPerNetwork: int('MODERATION_REPORTERS_PER_NETWORK', 1, 0, 10_000_000),
    },
    jobsPrefix: jobsPrefix(),
    jobsLockMs: int('JOBS_LOCK_MS', 30_000, 1_000, 600_000),
    analyticsUrl: url('ANALYTICS_URL', ['http:', 'https:']) ?? '',
    logLevel: str('LOG_LEVEL') ?? (nodeEnvRaw === 'test' ? 'warn' : 'info'),
    visitorWebDir: path.resolve(str('VISITOR_WEB_DIR') ?? path.join(repoRoot, 'visitor-web', 'dist')),
    adminWebDir: path.resolve(str('ADMIN_WEB_DIR') ?? path.join(repoRoot, 'admin-web', 'dist')),
    trustedProxies: trustedProxies(),
    embeddedDbFsync: bool('EMBEDDED_DB_FSYNC', true),
    moderationHideAfter: int('MODERATION_HIDE_AFTER', 3, 1, 1_000_000),
    ffmpegPath: str('FFMPEG_PATH') ?? 'ffmpeg',
    ffprobePath: str('FFPROBE_PATH') ?? 'ffprobe',
    metricsToken,
    metricsPort,
  });
  if (problems.length) throw new ConfigError(problems);
  return config;
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
