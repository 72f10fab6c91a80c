import { type ExecutionContext, SetMetadata, applyDecorators } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { ApiBasicAuth, ApiBearerAuth, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';

const ADMIN_KEY = 'admin:only';
const PUBLIC_KEY = 'admin:public';

/**
 * Marked @AdminOnly() (its controller or itself): the guard asks for credentials, responses are
 * never cached. The one rule for admin routes; `test/admin-routes.test.ts` walks the router and
 * fails when a route under /api/admin or /api/db-test carries neither @AdminOnly() nor @AdminPublic().
 * Decided once per route handler (metadata does not change after start-up).
 */
export function isAdminRoute(reflector: Reflector, ctx: ExecutionContext): boolean {
  const [handler, controller] = [ctx.getHandler(), ctx.getClass()];
  let byHandler = decided.get(controller);
  if (!byHandler) decided.set(controller, (byHandler = new WeakMap()));
  let admin = byHandler.get(handler);
  if (admin === undefined) {
    admin = Boolean(reflector.getAllAndOverride<boolean>(ADMIN_KEY, [handler, controller]));
    byHandler.set(handler, admin);
  }
  return admin;
}
// a controller class, then its route handler (an inherited handler can sit under two controllers)
const decided = new WeakMap<object, WeakMap<object, boolean>>();

export const isAdminPublic = (reflector: Reflector, ctx: ExecutionContext): boolean =>
  Boolean(reflector.get<boolean>(PUBLIC_KEY, ctx.getHandler()));

/** How a route handler is marked, for the test that walks the router. */
export function adminMarking(handler: object, controller: object): 'admin' | 'public' | 'none' {
  if (Reflect.getMetadata(PUBLIC_KEY, handler)) return 'public';
  return Reflect.getMetadata(ADMIN_KEY, handler) || Reflect.getMetadata(ADMIN_KEY, controller) ? 'admin' : 'none';
}

/** Marks a controller or route as admin-only (session token or HTTP Basic) and documents it in Swagger. */
export const AdminOnly = () =>
  applyDecorators(
    SetMetadata(ADMIN_KEY, true),
    ApiBearerAuth(),
    ApiBasicAuth(),
    ApiUnauthorizedResponse({ description: 'Missing or wrong admin credentials' }),
    ApiTooManyRequestsResponse({ description: 'Too many failed admin logins from this IP or for this account' }),
  );

/**
 * The one admin route that takes no admin credentials (it is where they are exchanged for a token);
 * still an admin route for everything else (its answers are never cached).
 */
export const AdminPublic = () => applyDecorators(SetMetadata(ADMIN_KEY, true), SetMetadata(PUBLIC_KEY, true));
