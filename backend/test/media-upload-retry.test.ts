import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { isRenditionKey } from '../src/modules/media/domain/renditions.js';
import { pngImage, mediaState, tinyMp4, upload } from './fixtures/media-fixtures.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

/**
 * A retried upload is stored once. The visitor app sends one Idempotency-Key per queued file and
 * the same one on every retry: when a connection drops after the server stored the file (the
 * answer is lost), the retry answers that media instead of storing a second copy.
 */
describe(`upload retries with an Idempotency-Key (${dbKind})`, () => {
  let t: TestApp;
  let v: Visitor;
  let other: Visitor;
  beforeAll(async () => {
    t = await startTestApp();
    v = await newVisitor(t);
    other = await newVisitor(t);
  });
  afterAll(() => t.close());

  const keyed = (who: Visitor, file: Buffer, name: string, key: string) =>
    upload(who, file, name).set('Idempotency-Key', key);
  /** The stored originals (each also gets its renditions from the background job). */
  const originals = (state: { objects: string[] }) => state.objects.filter((k) => !isRenditionKey(k));
  const rowsWithKey = async (key: string) =>
    (await t.app.get(DataSource).query(`SELECT id, user_id FROM media WHERE upload_key = $1`, [key])) as {
      id: number;
      user_id: number;
    }[];

  it('a repeat with the same key answers the first media: one row, one stored object', async () => {
    const before = await mediaState(t);
    const key = randomUUID();
    const file = await pngImage();
    const first = await keyed(v, file, 'retry-me.png', key).expect(201);
    const again = await keyed(v, file, 'retry-me.png', key).expect(201);
    expect(again.body).toEqual(first.body);
    const after = await mediaState(t);
    expect(after.media).toBe(before.media + 1);
    expect(originals(after)).toHaveLength(originals(before).length + 1);
    expect(await rowsWithKey(key)).toHaveLength(1);
  });

  it('two tries racing each other store the file once (the loser removes its copy)', async () => {
    const before = await mediaState(t);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      keyed(v, tinyMp4, 'race.mp4', key).expect(201),
      keyed(v, tinyMp4, 'race.mp4', key).expect(201),
    ]);
    expect(a.body.id).toBe(b.body.id);
    const after = await mediaState(t);
    expect(after.media).toBe(before.media + 1);
    expect(originals(after)).toHaveLength(originals(before).length + 1);
    // the loser's object is not left noted for the sweep either: it went at once
    const [notes] = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM orphan_objects`);
    expect(notes.n).toBe(0);
  });

  it('the key is per user: the same key from someone else is their own upload', async () => {
    const key = randomUUID();
    const file = await pngImage();
    const mine = await keyed(v, file, 'mine.png', key).expect(201);
    const theirs = await keyed(other, file, 'theirs.png', key).expect(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect((await rowsWithKey(key)).map((r) => r.user_id).sort()).toEqual([v.id, other.id].sort());
  });

  it('without a key every upload is stored (as before)', async () => {
    const before = await mediaState(t);
    const file = await pngImage();
    await upload(v, file, 'plain.png').expect(201);
    await upload(v, file, 'plain.png').expect(201);
    expect((await mediaState(t)).media).toBe(before.media + 2);
  });

  it.each([['short'], ['has spaces in it'], ['x'.repeat(65)], ['semi;colon-key']])(
    'refuses the key %j with a 400 and stores nothing',
    async (key) => {
      const before = await mediaState(t);
      const res = await keyed(v, await pngImage(), 'bad-key.png', key).expect(400);
      expect(res.body.message).toBe('Idempotency-Key must be 8 to 64 letters, digits, - or _');
      expect(await mediaState(t)).toEqual(before);
    },
  );
});
