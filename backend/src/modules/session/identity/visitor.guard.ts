import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DomainError, forbidden, unauthenticated } from '../../../platform/domain-error.js';
import { type DeviceSession, LAST_SEEN_EVERY_MS } from '../../users/domain/device.js';
import type { User } from '../../users/domain/user.js';
import { Users } from '../../users/users.js';
import { SessionCookies } from './session-cookie.js';

/** Where a route names its user: `params.id`, `body.userId`, `query.userId`, ... */
export type SelfRef = `${'params' | 'body' | 'query'}.${string}`;
const SELF_KEY = 'visitor:self';
const REFUSE_BANNED_KEY = 'visitor:refuse-banned';

export const BANNED_MESSAGE =
  'Your account has been banned: you can still browse, but you can no longer upload, vote or report.';

/** 403 `banned`: what every write a banned visitor may not make answers. */
export const bannedError = () => new DomainError('forbidden', BANNED_MESSAGE, { error: 'banned' });

type VisitorRequest = Request & { visitor?: User; visitorSession?: DeviceSession };

/**
 * Resolves the cookie's user (401 without one) and checks that every user id the route names
 * is that user (403 otherwise). A missing id is left to DTO validation, which answers 400.
 */
@Injectable()
export class VisitorGuard implements CanActivate {
  constructor(
    private readonly users: Users,
    private readonly reflector: Reflector,
    private readonly cookies: SessionCookies,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<VisitorRequest>();
    const sessionId = this.cookies.read(req);
    if (!sessionId) throw unauthenticated();
    const found = await this.users.findSession(sessionId);
    if (!found) throw unauthenticated('Your session is unknown: create one with POST /api/session');
    const { user, session } = found;
    req.visitor = user;
    req.visitorSession = session;
    // last seen: one write a minute per session at most, so the vote path stays a read
    if (Date.now() - session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) await this.users.touchSession(session.id);
    // the one place a visitor's session is resolved, so the one place a ban is enforced
    if (user.bannedAt && this.reflector.get<boolean>(REFUSE_BANNED_KEY, ctx.getHandler())) throw bannedError();
    for (const ref of this.reflector.get<SelfRef[] | undefined>(SELF_KEY, ctx.getHandler()) ?? []) {
      const [where, key] = ref.split('.') as ['params' | 'body' | 'query', string];
      const container = (req[where] ?? {}) as Record<string, unknown>;
      const named = container[key];
      if (named === undefined || named === '') continue;
      if (String(named) !== String(user.id)) throw forbidden();
    }
    return true;
  }
}

/** Route needs a visitor session; `self` lists where the route names the acting user. */
export const Visitor = (...self: SelfRef[]) => applyDecorators(SetMetadata(SELF_KEY, self), UseGuards(VisitorGuard));

/** A write a banned visitor may not make (upload, vote, report): 403 `banned` after the session is resolved. */
export const RefuseBanned = () => SetMetadata(REFUSE_BANNED_KEY, true);

/** The cookie's user, resolved by VisitorGuard. */
export const CurrentVisitor = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): User => ctx.switchToHttp().getRequest<VisitorRequest>().visitor!,
);

/** The session (device) the request's cookie names, resolved by VisitorGuard. */
export const CurrentSession = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): DeviceSession => ctx.switchToHttp().getRequest<VisitorRequest>().visitorSession!,
);
