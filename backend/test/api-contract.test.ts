import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * docs/openapi.json, which both frontends' types are generated from, is written by `npm run api:spec`
 * from the app built in Nest's preview mode (no database). It must be exactly what the running API serves.
 */
describe('the committed API contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('equals the OpenAPI document the running API serves at /api/docs-json', async () => {
    const served = await request(t.server).get('/api/docs-json').expect(200);
    const committed: unknown = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../docs/openapi.json'), 'utf8'),
    );
    expect(served.body).toEqual(committed);
  });
});
