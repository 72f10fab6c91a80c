import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  Logger,
  type NestInterceptor,
  SetMetadata,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../domain-error.js';
import { type Observable, from, lastValueFrom } from 'rxjs';
import type { AdminRequest } from '../http/admin-auth/admin-auth.guard.js';
import { clientIp } from '../http/client-ip.js';
import type { AuditActor } from './audit-entry.js';
import { AuditLog } from './audit-log.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface AuditSpec {
  /** The code (declared by its module with `auditActions()`), or how the request names it (one route, several actions). */
  action: string | ((req: AdminRequest) => string);
  /** The target as text, from the request (and the result when the action succeeded). */
  target: (req: AdminRequest, result?: Json) => string;
  /** Optional detail of a success (a failure's detail is its error message). */
  detail?: (req: AdminRequest, result: Json) => string | undefined;
  /**
   * What an attempt made without credentials claimed (the login's typed name): recorded in a
   * failure's detail, quoted, never as the actor.
   */
  claimed?: (req: AdminRequest) => string | undefined;
}

const AUDIT_KEY = 'audit:spec';

/**
 * Puts an admin write on the audit log: outcome ok after it succeeds, failed (with the message)
 * when it throws. An action that writes its ok row itself, in its own transaction, takes the
 * actor with `@Actor()` and passes it to `AuditLog.record(entry, tx)`; the interceptor then
 * writes no second row (and still records the failure, whose transaction rolled back).
 */
export const Audited = (spec: AuditSpec) => SetMetadata(AUDIT_KEY, spec);

/** The actor of an attempt nobody was authenticated for (a failed login). */
export const ANONYMOUS_ACTOR = '(not signed in)';

const actors = new WeakMap<AdminRequest, AuditActor>();

/**
 * The acting admin as the admin guard resolved it (the login sets it once the password was
 * right), never a name the request merely typed, and the trusted client address: one object per
 * request, shared by `@Actor()` and the interceptor.
 */
const auditActorOf = (req: AdminRequest): AuditActor => {
  let actor = actors.get(req);
  if (!actor) {
    actor = { admin: req.admin ?? ANONYMOUS_ACTOR, clientAddress: clientIp(req) };
    actors.set(req, actor);
  }
  return actor;
};

/** For actions that write their audit row inside their own transaction. */
export const Actor = createParamDecorator((_: unknown, ctx: ExecutionContext): AuditActor =>
  auditActorOf(ctx.switchToHttp().getRequest<AdminRequest>()),
);

/** What the error answer says (a validation error's own messages, not "Bad Request Exception"). */
function failureMessage(err: unknown): string {
  if (err instanceof HttpException) {
    const body = err.getResponse();
    const m = typeof body === 'object' && body && 'message' in body ? (body as { message: unknown }).message : null;
    if (m !== null) return Array.isArray(m) ? m.join('; ') : String(m);
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * A 429 is answered before anything is tried (the login's password is not even compared), so it
 * is no admin action; the throttle keeps its own count. Recording it would let a login flood from
 * many addresses grow the append-only log without bound.
 */
const refusedByThrottle = (err: unknown): boolean =>
  (err instanceof DomainError && err.code === 'rate_limited') ||
  (err instanceof HttpException && err.getStatus() === 429);

@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('AuditLog');

  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditLog,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<AuditSpec | undefined>(AUDIT_KEY, ctx.getHandler());
    if (!spec || ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<AdminRequest>();
    return from(this.run(spec, req, next));
  }

  private async run(spec: AuditSpec, req: AdminRequest, next: CallHandler): Promise<unknown> {
    let result: unknown;
    try {
      result = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (err) {
      if (!refusedByThrottle(err)) await this.write(spec, req, 'failed', undefined, failureMessage(err));
      throw err;
    }
    // an action that wrote its row in its own transaction is on the log already
    if (!this.audit.hasRecorded(auditActorOf(req)))
      await this.write(spec, req, 'ok', result, spec.detail?.(req, result));
    return result;
  }

  private async write(spec: AuditSpec, req: AdminRequest, outcome: 'ok' | 'failed', result: unknown, detail?: string) {
    let target: string;
    try {
      target = spec.target(req, result);
    } catch {
      target = ''; // a body too malformed to name anything (its failure is still recorded)
    }
    const action = typeof spec.action === 'function' ? spec.action(req) : spec.action;
    const claimed = outcome === 'failed' && req.admin === undefined ? spec.claimed?.(req) : undefined;
    if (claimed !== undefined) detail = `${detail ?? 'failed'} (tried as ${JSON.stringify(claimed.slice(0, 100))})`;
    const entry = { actor: auditActorOf(req), action, target, outcome, detail };
    if (outcome === 'ok') return this.audit.record(entry); // an ok action must not go unrecorded: errors propagate
    try {
      await this.audit.record(entry);
    } catch (err) {
      // the action's own error is what the caller needs to see
      this.logger.error(`Could not record failed ${action}: ${(err as Error).message}`);
    }
  }
}
