import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { unauthenticated } from '../../domain-error.js';
import { AdminCredentials } from './admin-credentials.js';
import { clientIp } from '../client-ip.js';
import { AdminPasswordCheck } from './admin-password-check.js';
import { isAdminPublic, isAdminRoute } from './admin-routes.js';
import { AdminMediaPass } from './admin-media-pass.js';
import { AdminTokens } from './admin-sessions.js';
import { parseBasicAuth, parseBearer } from './authorization-header.js';

export type AdminRequest = Request & { admin?: string; adminToken?: string };

/**
 * Admin authentication for every route marked @AdminOnly() (all of /api/admin/* and
 * /api/db-test/*: test/admin-routes.test.ts fails on one that is not): a session token from
 * POST /api/admin/login (`Authorization: Bearer`, what the portal sends) or HTTP Basic (API
 * clients, scripts). Only @AdminPublic() (the login itself) is exempt.
 * 401 carries no `WWW-Authenticate: Basic`: the browser's own dialog would cover the portal.
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(
    private readonly credentials: AdminCredentials,
    private readonly passwords: AdminPasswordCheck,
    private readonly tokens: AdminTokens,
    private readonly reflector: Reflector,
    private readonly mediaPass: AdminMediaPass,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http' || !isAdminRoute(this.reflector, ctx)) return true;
    if (isAdminPublic(this.reflector, ctx)) return true;
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
      // a portal logged in before the /media pass existed gets it with its next call
      this.mediaPass.grant(req, res, token, check.expiresAt);
      return;
    }
    const given = parseBasicAuth(req.headers.authorization);
    if (!given) throw unauthenticated('Admin authentication required');
    await this.passwords.verify(given.username, given.password, clientIp(req), res);
    req.admin = given.username;
  }
}
