import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMarking } from '../src/platform/http/admin-auth/admin-routes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const ADMIN_PATH = /^\/api\/(admin|db-test)(\/|$)/i;
const join = (...parts: string[]) => `/${parts.join('/').split('/').filter(Boolean).join('/')}`;
const asList = (p: unknown): string[] => (Array.isArray(p) ? p.map(String) : [typeof p === 'string' ? p : '']);

/** Every route Express serves, as "METHOD /path". */
function servedRoutes(t: TestApp): string[] {
  interface Layer {
    route?: { path: unknown; methods: Record<string, boolean> };
  }
  const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } }).router;
  return router.stack.flatMap((layer) =>
    typeof layer.route?.path === 'string'
      ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path as string}`)
      : [],
  );
}

/** Every Nest route handler with how it is marked, by "METHOD /path". */
function nestRoutes(t: TestApp): Map<string, { name: string; marking: ReturnType<typeof adminMarking> }> {
  const routes = new Map<string, { name: string; marking: ReturnType<typeof adminMarking> }>();
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const proto = metatype.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(proto)) {
        const handler = proto[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        const method: unknown = Reflect.getMetadata(METHOD_METADATA, handler);
        if (method === undefined) continue;
        for (const c of asList(Reflect.getMetadata(PATH_METADATA, metatype)))
          for (const h of asList(Reflect.getMetadata(PATH_METADATA, handler)))
            routes.set(`${RequestMethod[method as RequestMethod]} ${join(c, h)}`, {
              name: `${metatype.name}.${key}`,
              marking: adminMarking(handler, metatype),
            });
      }
    }
  }
  return routes;
}

/** One rule makes a route admin: the decorator. This walk is what keeps a forgotten one from shipping. */
describe('admin routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('every route served under /api/admin or /api/db-test is marked @AdminOnly() or @AdminPublic()', () => {
    const nest = nestRoutes(t);
    const admin = servedRoutes(t).filter((r) => ADMIN_PATH.test(r.split(' ')[1]!));
    expect(admin.length).toBeGreaterThan(40);
    const unknown = admin.filter((r) => !nest.has(r));
    expect(unknown, 'admin routes Express serves that no Nest handler declares').toEqual([]);
    const unmarked = admin.filter((r) => nest.get(r)!.marking === 'none').map((r) => `${r} (${nest.get(r)!.name})`);
    expect(unmarked, 'admin routes without @AdminOnly()').toEqual([]);
    const open = admin.filter((r) => nest.get(r)!.marking === 'public');
    expect(open).toEqual(['POST /api/admin/login']);
  });
});
