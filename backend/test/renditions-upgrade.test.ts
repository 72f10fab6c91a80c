import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { type AppConfig, loadConfig } from '../src/config/env.js';
import { RENDITIONS_VERSION } from '../src/modules/media/domain/renditions.js';
import { configureApp } from '../src/platform/http/configure-app.js';
import { JobQueue } from '../src/platform/jobs/job-queue.js';
import { ObjectStorage } from '../src/platform/storage/object-storage.js';
import { jpegWithGpsAndOrientation } from './fixtures/media-fixtures.js';
import { DRONE_LEAKS, droneMp4, leaksIn, privateTagsOf } from './fixtures/hostile-media.js';
import { asAdmin, seedStoredMedia } from './support/admin.js';
import { eventually } from './support/jobs.js';
import { parse, valueOf } from './support/prometheus.js';
import { createTestDatabase, dbKind, NO_QUOTAS, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

const METRICS_TOKEN = 'upgrade-test-metrics-token-0123456789';
const LEAKS = [...DRONE_LEAKS, 'LeakyCam'];

/**
 * Issue 26 item 6: a deployment upgraded from before the current rendition pipeline holds
 * originals with GPS (videos stored before the box cleaner knew subtitles, SEI and nested udta;
 * photos stored before the metadata strip) and remuxed playback files that kept the SEI. On its
 * own, the first start of the new version re-renders every such item and cleans its original
 * again, in a resumable job whose progress the admin card and the metrics show; at the end no
 * stored byte holds the location or the serial.
 */
describe(`the upgrade re-renders and re-cleans every older item by itself (${dbKind})`, () => {
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | null;

  const configWith = (env: Record<string, string | undefined>): AppConfig =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url,
      ADMIN_PASSWORD: 'test-admin-password',
      VISITOR_WEB_DIR: path.join(dataDir, 'none'),
      ADMIN_WEB_DIR: path.join(dataDir, 'none'),
      EMBEDDED_DB_FSYNC: 'false',
      METRICS_TOKEN,
      ...NO_QUOTAS,
      ...env,
    });
  /** The app on the shared data dir and database, as a TestApp for the helpers (close leaves the data). */
  const start = async (env: Record<string, string | undefined>): Promise<TestApp> => {
    const config = configWith(env);
    const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
      bodyParser: false,
      logger: ['error'],
      bufferLogs: true,
    });
    configureApp(app);
    await app.init();
    return { app, server: app.getHttpServer(), config, dataDir, close: () => app.close() };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-upgrade-'));
    database = process.env.DATABASE_URL ? await createTestDatabase('vibe_upgrade', { migrated: true }) : null;
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a database with pre-rendition videos and photos with GPS ends with every item rendered and clean', async () => {
    const drone = await droneMp4();
    const photo = await jpegWithGpsAndOrientation();
    expect(leaksIn(drone, LEAKS).length).toBeGreaterThan(0);
    expect(privateTagsOf(photo).length).toBeGreaterThan(0);

    // what the older release left: written by a process that runs no jobs, so nothing touches it yet
    const before = await start({ RUN_JOBS: 'false' });
    const ids: number[] = [];
    try {
      const owner = await newVisitor(before);
      const storage = before.app.get(ObjectStorage);
      const q = (sql: string, params: unknown[] = []) => before.app.get(DataSource).query(sql, params);
      // a video stored before renditions existed, never backfilled
      const never = await seedStoredMedia(before, { userId: owner.id, mimeType: 'video/mp4', body: drone });
      await q(`UPDATE media SET renditions_state = 'pending', renditions_version = 0 WHERE id = $1`, [never.id]);
      // a video the older backfill rendered: a remuxed playback file that kept the SEI, a dirty original
      const remuxed = await seedStoredMedia(before, { userId: owner.id, mimeType: 'video/mp4', body: drone });
      const oldPlayback = `renditions/${remuxed.storageKey}/playback-old0000000000000.mp4`;
      await storage.put(oldPlayback, Readable.from([drone]), 'video/mp4', drone.length);
      const file = { key: oldPlayback, mimeType: 'video/mp4', width: 320, height: 240, bytes: drone.length };
      await q(
        `UPDATE media SET renditions_state = 'ready', renditions_version = 1, renditions = $2::jsonb,
                width = 320, height = 240 WHERE id = $1`,
        [remuxed.id, JSON.stringify({ playback: file })],
      );
      // a photo stored before the metadata strip, rendered by the older pipeline
      const old = await seedStoredMedia(before, { userId: owner.id, mimeType: 'image/jpeg', body: photo });
      await q(`UPDATE media SET renditions_state = 'ready', renditions_version = 1 WHERE id = $1`, [old.id]);
      // a video whose original today's cleaner refuses (only its head left): it cannot be made
      // again, and the remux an older pipeline made of it is not kept. (An original the cleaner
      // refuses stays as stored: private, and its item is not served.)
      const broken = await seedStoredMedia(before, {
        userId: owner.id,
        mimeType: 'video/mp4',
        body: Buffer.concat([drone.subarray(0, 32), Buffer.alloc(4000, 7)]),
      });
      const brokenPlayback = `renditions/${broken.storageKey}/playback-old1111111111111.mp4`;
      await storage.put(brokenPlayback, Readable.from([drone]), 'video/mp4', drone.length);
      await q(
        `UPDATE media SET renditions_state = 'ready', renditions_version = 1, renditions = $2::jsonb WHERE id = $1`,
        [broken.id, JSON.stringify({ playback: { ...file, key: brokenPlayback } })],
      );
      ids.push(never.id, remuxed.id, old.id);
      // the admin card counts what the upgrade has left to do
      expect((await asAdmin(before).get('/api/admin/media/renditions').expect(200)).body).toEqual({
        pending: 1,
        failed: 0,
        outdated: 3,
      });
    } finally {
      await before.close();
    }

    // the upgraded release starts: nobody presses anything
    const after = await start({});
    try {
      const jobs = after.app.get(JobQueue);
      const q = (sql: string, params: unknown[] = []) => after.app.get(DataSource).query(sql, params);
      const done = await eventually(
        async () => {
          const job = (await jobs.list(50)).find((j) => j.name === 'generate-renditions');
          return job && (job.state === 'completed' || job.state === 'failed') ? job : null;
        },
        'the upgrade job to end',
        180_000,
      );
      expect(done.state).toBe('completed');
      expect(done.result).toMatchObject({ total: 4, made: 3, unrenderable: 1 });

      const rows: Array<{
        id: number;
        storage_key: string;
        size: number;
        renditions_state: string;
        renditions_version: number;
        renditions: unknown;
      }> = await q(
        `SELECT id, storage_key, size, renditions_state, renditions_version, renditions FROM media ORDER BY id`,
      );
      expect(rows.map((r) => [r.id, r.renditions_state, r.renditions_version])).toEqual([
        ...ids.map((id) => [id, 'ready', RENDITIONS_VERSION]),
        [rows[3]!.id, 'failed', RENDITIONS_VERSION],
      ]);
      expect(rows[3]!.renditions).toBeNull();
      // quarantined, and the operator sees why
      expect((await asAdmin(after).get(`/api/admin/media/${rows[3]!.id}`).expect(200)).body).toMatchObject({
        renditionsState: 'failed',
        renditionsError: expect.stringMatching(/not a complete, playable/),
        thumbUrl: null,
        playbackUrl: null,
      });
      expect((await asAdmin(after).get(`/api/admin/media/${ids[0]}`).expect(200)).body).toMatchObject({
        renditionsState: 'ready',
        renditionsError: null,
      });

      // every stored byte: originals, new renditions; the remuxed playback files are gone
      const storage = after.app.get(ObjectStorage);
      const keys: string[] = [];
      for await (const o of storage.list()) keys.push(o.key);
      expect(keys.some((k) => k.includes('playback-old'))).toBe(false);
      for (const key of keys) {
        const bytes = await buffer((await storage.get(key)).stream);
        expect(leaksIn(bytes, LEAKS), key).toEqual([]);
        expect(privateTagsOf(bytes), key).toEqual([]);
      }
      // a re-cleaned original keeps its key; the row's size is the stored object's
      for (const r of rows) {
        const bytes = await buffer((await storage.get(r.storage_key)).stream);
        expect(Number(r.size), r.storage_key).toBe(bytes.length);
      }

      // progress: nothing left on the admin card and in the metrics
      expect((await asAdmin(after).get('/api/admin/media/renditions').expect(200)).body).toEqual({
        pending: 0,
        failed: 1,
        outdated: 0,
      });
      const metrics = parse(
        (await request(after.server).get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200))
          .text,
      );
      expect(metrics.some((s) => s.name === 'vibe_backlog_items' && s.labels.backlog === 'renditions-outdated')).toBe(
        true,
      );
      expect(valueOf(metrics, 'vibe_backlog_items', { backlog: 'renditions-outdated' })).toBe(0);
    } finally {
      await after.close();
    }

    // a later start finds nothing to do and queues nothing
    const again = await start({});
    try {
      const upgradeJobs = (await again.app.get(JobQueue).list(50)).filter((j) => j.name === 'generate-renditions');
      expect(upgradeJobs.length).toBe(1);
    } finally {
      await again.close();
    }
  }, 420_000);

  it('an item an older pipeline rendered is not offered to strangers from the start of the new release, even by a process that runs no jobs', async () => {
    const photo = await jpegWithGpsAndOrientation();
    let outdated: number;
    // the older release rendered it ('ready', version 1): its files may carry what today's cleaner removes
    const before = await start({ RUN_JOBS: 'false' });
    try {
      const owner = await newVisitor(before);
      outdated = (await seedStoredMedia(before, { userId: owner.id, mimeType: 'image/jpeg', body: photo })).id;
      await before.app
        .get(DataSource)
        .query(`UPDATE media SET renditions_state = 'ready', renditions_version = 1 WHERE id = $1`, [outdated]);
    } finally {
      await before.close();
    }
    // the new release's API (its worker, which re-renders, has not got to the item yet)
    const api = await start({ RUN_JOBS: 'false' });
    try {
      const stranger = await newVisitor(api);
      const offered: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await stranger.agent.get(`/api/media/random/${stranger.id}`);
        if (res.status === 404) break;
        expect(res.status).toBe(200);
        offered.push(res.body.id);
        await stranger.agent
          .post('/api/votes')
          .send({ userId: stranger.id, mediaId: res.body.id, isHot: true })
          .expect(201);
      }
      expect(offered).not.toContain(outdated);
      // waiting for the upgrade's job like an item never rendered (share links ask for 'ready' too)
      const [row] = await api.app.get(DataSource).query(`SELECT renditions_state FROM media WHERE id = $1`, [outdated]);
      expect(row.renditions_state).toBe('pending');
    } finally {
      await api.close();
    }
  }, 120_000);
});
