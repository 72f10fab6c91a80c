import { type ExecutionContext, SetMetadata, applyDecorators } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import type { Reflector } from '@nestjs/core';
import { ApiBasicAuth, ApiBearerAuth, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';

/** Every route under these prefixes is admin-only, decorated or not. */
const ADMIN_PREFIXES = ['api/admin', 'api/db-test'];
const ADMIN_KEY = 'admin:only';
const PUBLIC_KEY = 'admin:public';

/**
 * Under an admin prefix or marked @AdminOnly(): the guard asks for credentials, responses are never cached.
 * Decided once per route handler (metadata does not change after start-up): the guard and the
 * no-cache interceptor ask on every request.
 */
export function isAdminRoute(reflector: Reflector, ctx: ExecutionContext): boolean {
  const [handler, controller] = [ctx.getHandler(), ctx.getClass()];
  let byHandler = decided.get(controller);
  if (!byHandler) decided.set(controller, (byHandler = new WeakMap()));
  let admin = byHandler.get(handler);
  if (admin === undefined) {
    admin = Boolean(reflector.getAllAndOverride<boolean>(ADMIN_KEY, [handler, controller])) || underAdminPrefix(ctx);
    byHandler.set(handler, admin);
  }
  return admin;
}
// a controller class, then its route handler (an inherited handler can sit under two controllers)
const decided = new WeakMap<object, WeakMap<object, boolean>>();

function underAdminPrefix(ctx: ExecutionContext): boolean {
  const routes = paths(ctx.getClass()).flatMap((c) => paths(ctx.getHandler()).map((h) => normalise(`${c}/${h}`)));
  return routes.some((r) => ADMIN_PREFIXES.some((p) => r === p || r.startsWith(`${p}/`)));
}

export const isAdminPublic = (reflector: Reflector, ctx: ExecutionContext): boolean =>
  Boolean(reflector.get<boolean>(PUBLIC_KEY, ctx.getHandler()));

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
