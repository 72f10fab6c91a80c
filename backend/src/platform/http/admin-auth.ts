import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  Logger,
  Module,
  SetMetadata,
  applyDecorators,
} from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { ApiBasicAuth, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppConfig } from '../../config/env.js';
import { DomainError, unauthenticated } from '../domain-error.js';
import { AdminLoginThrottle, TypeormAdminLoginThrottle } from './admin-login-throttle.js';

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

/** The effective admin login; resolved once at start-up (see resolveAdminCredentials). */
export class AdminCredentials {
  private readonly key = randomBytes(32);
  private readonly username: Buffer;
  private readonly password: Buffer;

  constructor(username: string, password: string) {
    this.username = this.digest(username);
    this.password = this.digest(password);
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

type AdminRequest = Request & { admin?: string };

/**
 * HTTP Basic for /api/admin/* and /api/db-test/* (and anything marked @AdminOnly()). Registered
 * globally so a route under those prefixes can never be left open by a forgotten decorator.
 * 401 carries no `WWW-Authenticate: Basic`: the browser's own dialog would cover the portal.
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(
    private readonly credentials: AdminCredentials,
    private readonly throttle: AdminLoginThrottle,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http' || !this.isAdminRoute(ctx)) return true;
    await this.authenticate(ctx.switchToHttp().getRequest<AdminRequest>(), ctx.switchToHttp().getResponse<Response>());
    return true;
  }

  /** Admin credentials or a DomainError (401 / 429); also guards routes outside Nest (the API docs). */
  async authenticate(req: AdminRequest, res: Response): Promise<void> {
    const given = parseBasicAuth(req.headers.authorization);
    if (!given) throw unauthenticated('Admin authentication required');
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    // a failure slot is taken before the password is compared, so a guess made while throttled
    // learns nothing and parallel guesses cannot overshoot the limit
    const attempt = await this.throttle.begin(given.username, ip, ADMIN_THROTTLE);
    if (!attempt) {
      res.setHeader('Retry-After', String(ADMIN_THROTTLE.windowMs / 1000));
      throw new DomainError('rate_limited', 'Too many failed admin logins. Please wait 15 minutes and try again.');
    }
    if (!this.credentials.matches(given.username, given.password)) throw unauthenticated('Invalid credentials');
    const stale =
      !attempt.lastSuccessAt || Date.now() - attempt.lastSuccessAt.getTime() > ADMIN_THROTTLE.refreshTrustMs;
    await this.throttle.succeeded(attempt, stale);
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

/** Marks a controller or route as admin-only (HTTP Basic) and documents it in Swagger. */
export const AdminOnly = () =>
  applyDecorators(
    SetMetadata(ADMIN_KEY, true),
    ApiBasicAuth(),
    ApiUnauthorizedResponse({ description: 'Missing or wrong admin credentials' }),
    ApiTooManyRequestsResponse({ description: 'Too many failed admin logins from this IP or for this account' }),
  );

/** Admin credentials, the failure log and the global guard. Imported once, by AppModule. */
@Module({
  providers: [
    { provide: AdminCredentials, useFactory: resolveAdminCredentials, inject: [AppConfig] },
    { provide: AdminLoginThrottle, useClass: TypeormAdminLoginThrottle },
    AdminAuthGuard,
    { provide: APP_GUARD, useExisting: AdminAuthGuard },
  ],
})
export class AdminAuthModule {}
