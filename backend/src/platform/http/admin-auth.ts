import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  Logger,
  SetMetadata,
  applyDecorators,
} from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import { ApiBasicAuth, ApiBearerAuth, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppConfig } from '../../config/env.js';
import { DomainError, unauthenticated } from '../domain-error.js';
import { AdminLoginThrottle } from './admin-login-throttle.js';
import { AdminTokens } from './admin-sessions.js';

/**
 * Failed logins allowed per window before the IP / the account gets 429 (correct passwords
 * included, so guessing on learns nothing). An address that logged in to the account within
 * `trustedForMs` is spared the account lock: failures from elsewhere cannot lock the real admin out.
 */
export const ADMIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxPerAccount: 30,
  maxPerIp: 10,
  trustedForMs: 30 * 24 * 3600 * 1000,
  /** a trusted address's timestamp is refreshed at most this often (not on every admin call) */
  refreshTrustMs: 10 * 60 * 1000,
} as const;

/** Every route under these prefixes is admin-only, decorated or not. */
const ADMIN_PREFIXES = ['api/admin', 'api/db-test'];
const ADMIN_KEY = 'admin:only';
const PUBLIC_KEY = 'admin:public';

/** The effective admin login; resolved once at start-up (see resolveAdminCredentials). */
export class AdminCredentials {
  private readonly key = randomBytes(32);
  private readonly username: Buffer;
  private readonly password: Buffer;
  /**
   * Stored with each session token so that a new ADMIN_USERNAME / ADMIN_PASSWORD ends the sessions
   * issued under the old ones. A slow hash: the table must not make the password cheap to guess.
   */
  readonly sessionTag: string;

  constructor(username: string, password: string) {
    this.username = this.digest(username);
    this.password = this.digest(password);
    this.sessionTag = scryptSync(`${username}\0${password}`, "How's my Vibe admin session", 32).toString('hex');
  }

  /** Timing-safe: both parts are always compared, over fixed-length digests. */
  matches(username: string, password: string): boolean {
    const userOk = timingSafeEqual(this.digest(username), this.username);
    const passOk = timingSafeEqual(this.digest(password), this.password);
    return userOk && passOk;
  }

  private digest(s: string): Buffer {
    return createHmac('sha256', this.key).update(s, 'utf8').digest();
  }
}

/**
 * ADMIN_PASSWORD when set. Otherwise development (and test) generates one at first start, keeps
 * it in DATA_DIR/admin-password and prints it once; production refuses to start.
 */
export async function resolveAdminCredentials(config: AppConfig): Promise<AdminCredentials> {
  if (config.adminPassword) return new AdminCredentials(config.adminUsername, config.adminPassword);
  if (config.nodeEnv === 'production') {
    // Nest buffers its logs until start-up succeeds, so say it on stderr before failing
    const message = 'ADMIN_PASSWORD must be set in production (the admin portal would be unprotected)';
    console.error(message);
    throw new Error(message);
  }
  const file = path.join(config.dataDir, 'admin-password');
  const existing = await readFile(file, 'utf8').then(
    (s) => s.trim(),
    () => '',
  );
  if (existing) {
    new Logger('AdminAuth').log(`Admin password: see ${file}`);
    return new AdminCredentials(config.adminUsername, existing);
  }
  const generated = randomBytes(18).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // another process (api beside worker) created it first: use theirs
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return new AdminCredentials(config.adminUsername, (await readFile(file, 'utf8')).trim());
  }
  console.log(
    `\n  Admin portal login (generated, kept in ${file}):\n    username: ${config.adminUsername}\n    password: ${generated}\n  Set ADMIN_PASSWORD to choose your own.\n`,
  );
  return new AdminCredentials(config.adminUsername, generated);
}

/** Parses `Authorization: Basic base64(user:password)`; null when absent or malformed. */
export function parseBasicAuth(header: string | undefined): { username: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** `Authorization: Bearer <token>` (whatever follows, checked later); null for another scheme or none. */
export function parseBearer(header: string | undefined): string | null {
  const m = /^Bearer(?:\s+(.*))?$/i.exec(header ?? '');
  return m ? (m[1] ?? '').trim() : null;
}

export type AdminRequest = Request & { admin?: string; adminToken?: string };

/**
 * The admin password check with the failure throttle, shared by the Basic path of the guard and
 * by POST /api/admin/login. Throws 429 while throttled (before looking at the password, so a
 * guess made then learns nothing) and 401 `Invalid credentials` for a wrong login.
 */
@Injectable()
export class AdminPasswordCheck {
  constructor(
    private readonly credentials: AdminCredentials,
    private readonly throttle: AdminLoginThrottle,
  ) {}

  async verify(username: string, password: string, ip: string, res: Response): Promise<void> {
    // a failure slot is taken before the password is compared, so a guess made while throttled
    // learns nothing and parallel guesses cannot overshoot the limit
    const attempt = await this.throttle.begin(username, ip, ADMIN_THROTTLE);
    if (!attempt) {
      res.setHeader('Retry-After', String(ADMIN_THROTTLE.windowMs / 1000));
      throw new DomainError('rate_limited', 'Too many failed admin logins. Please wait 15 minutes and try again.');
    }
    if (!this.credentials.matches(username, password)) throw unauthenticated('Invalid credentials');
    const stale =
      !attempt.lastSuccessAt || Date.now() - attempt.lastSuccessAt.getTime() > ADMIN_THROTTLE.refreshTrustMs;
    await this.throttle.succeeded(attempt, stale);
  }
}

export const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Admin authentication for /api/admin/* and /api/db-test/* (and anything marked @AdminOnly()):
 * a session token from POST /api/admin/login (`Authorization: Bearer`, what the portal sends) or
 * HTTP Basic (API clients, scripts). Registered globally so a route under those prefixes can
 * never be left open by a forgotten decorator; only @AdminPublic() (the login itself) is exempt.
 * 401 carries no `WWW-Authenticate: Basic`: the browser's own dialog would cover the portal.
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(
    private readonly credentials: AdminCredentials,
    private readonly passwords: AdminPasswordCheck,
    private readonly tokens: AdminTokens,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http' || !this.isAdminRoute(ctx)) return true;
    if (this.reflector.get<boolean>(PUBLIC_KEY, ctx.getHandler())) return true;
    await this.authenticate(ctx.switchToHttp().getRequest<AdminRequest>(), ctx.switchToHttp().getResponse<Response>());
    return true;
  }

  /**
   * A session token or Basic credentials, else a DomainError (401 / 429); also guards routes
   * outside Nest (the API docs in production).
   */
  async authenticate(req: AdminRequest, res: Response): Promise<void> {
    const token = parseBearer(req.headers.authorization);
    if (token !== null) {
      // a token proves an earlier login: no password is checked, so the failure throttle has nothing to guard
      const check = await this.tokens.check(token, this.credentials.sessionTag);
      if (check.kind === 'unknown') throw unauthenticated('Invalid credentials');
      if (check.kind === 'expired') throw unauthenticated('Admin session expired');
      req.admin = check.username;
      req.adminToken = token;
      return;
    }
    const given = parseBasicAuth(req.headers.authorization);
    if (!given) throw unauthenticated('Admin authentication required');
    await this.passwords.verify(given.username, given.password, clientIp(req), res);
    req.admin = given.username;
  }

  private isAdminRoute(ctx: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_KEY, [ctx.getHandler(), ctx.getClass()])) return true;
    const routes = paths(ctx.getClass()).flatMap((c) => paths(ctx.getHandler()).map((h) => normalise(`${c}/${h}`)));
    return routes.some((r) => ADMIN_PREFIXES.some((p) => r === p || r.startsWith(`${p}/`)));
  }
}

const paths = (target: object): string[] => {
  const p: unknown = Reflect.getMetadata(PATH_METADATA, target);
  return Array.isArray(p) ? p.map(String) : [typeof p === 'string' ? p : ''];
};
// express matches routes case-insensitively, so the prefix check must too
const normalise = (route: string) => route.split('/').filter(Boolean).join('/').toLowerCase();

/** Marks a controller or route as admin-only (session token or HTTP Basic) and documents it in Swagger. */
export const AdminOnly = () =>
  applyDecorators(
    SetMetadata(ADMIN_KEY, true),
    ApiBearerAuth(),
    ApiBasicAuth(),
    ApiUnauthorizedResponse({ description: 'Missing or wrong admin credentials' }),
    ApiTooManyRequestsResponse({ description: 'Too many failed admin logins from this IP or for this account' }),
  );

/** The one admin route that takes no admin credentials (it is where they are exchanged for a token). */
export const AdminPublic = () => SetMetadata(PUBLIC_KEY, true);
