/** The services an API or worker cannot work without, as named in logs, health and metrics. */
export type Dependency = 'database' | 'storage' | 'redis' | 'mail';

/** Socket-level failures: the other side is not there (or not answering), whatever it is. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** PostgreSQL answers that mean "not now" rather than "wrong": connection exceptions, shutting down, starting up, too many clients. */
const isUnavailableSqlState = (code: string) =>
  code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);

const DRIVER_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection is not established/i,
];

/**
 * Names the dependency behind a socket-level failure that does not say where it came from (the S3
 * SDK's streaming upload rejects with the bare socket error, no $metadata): without this it would
 * read as the database's.
 */
export function failedAt<E>(dependency: Dependency, err: E): E {
  const code = err && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) Object.assign(err as object, { unavailable: dependency });
  return err;
}

/**
 * Which dependency an unexpected error says is down, or null when it is a plain bug. Such an
 * error answers 503 with Retry-After, and is logged once per outage instead of once per request.
 */
export function unavailableDependency(err: unknown): Dependency | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as {
    $metadata?: { httpStatusCode?: number };
    name?: string;
    code?: unknown;
    driverError?: unknown;
    unavailable?: Dependency;
  };
  if (e.unavailable) return e.unavailable;
  // AWS SDK errors carry $metadata: no HTTP answer, a 5xx or a timeout is the object store being away
  if (e.$metadata) {
    const status = e.$metadata.httpStatusCode;
    return status === undefined || status >= 500 || e.name === 'TimeoutError' ? 'storage' : null;
  }
  const driver = (e.driverError ?? err) as { code?: unknown; message?: unknown };
  const code = typeof driver.code === 'string' ? driver.code : '';
  if (NETWORK_CODES.has(code) || isUnavailableSqlState(code)) return 'database';
  const message = typeof driver.message === 'string' ? driver.message : '';
  return DRIVER_MESSAGES.some((m) => m.test(message)) ? 'database' : null;
}

/**
 * The disk is full: a local write answered ENOSPC (upload temp file, local storage, the embedded
 * database) or PostgreSQL said disk_full (53100). Answered 507, never a generic 500.
 */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const x = e as { code?: unknown; driverError?: unknown; cause?: unknown; message?: unknown };
    if (x.code === 'ENOSPC' || x.code === '53100') return true;
    if (typeof x.message === 'string' && /No space left on device/i.test(x.message)) return true;
    e = x.driverError ?? x.cause;
  }
  return false;
}
