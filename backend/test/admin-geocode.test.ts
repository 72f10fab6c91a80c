import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { GeocodeCache } from '../src/modules/users/reverse-geocoder.js';
import { asAdmin, db } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newSessionId } from './support/visitor.js';

interface Seen {
  url: URL;
  userAgent: string | undefined;
  at: number;
}

/**
 * A stand-in for Nominatim that records what reaches it; `reply` decides each answer, and while
 * `hold` is set every request waits (a slow or hung geocoder) until `release()`.
 */
async function fakeNominatim() {
  const state = {
    seen: [] as Seen[],
    reply: (_req: IncomingMessage, _url: URL): [number, unknown] => [500, { error: 'not set' }],
    hold: false,
    held: [] as (() => void)[],
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.seen.push({ url, userAgent: req.headers['user-agent'], at: Date.now() });
    const answer = () => {
      const [status, body] = state.reply(req, url);
      if (status === 0) return void req.socket.destroy(); // the network failed
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (state.hold) state.held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    release() {
      state.hold = false;
      for (const answer of state.held.splice(0)) answer();
    },
  };
}

const london = { address: { city: 'London', state: 'England', country: 'United Kingdom', country_code: 'gb' } };

type Row = { id: number; username: string; latitude: number | null; location: string | null; locationPending: boolean };

describe(`admin users list: place names from background reverse geocoding (${dbKind})`, () => {
  let t: TestApp;
  let geo: Awaited<ReturnType<typeof fakeNominatim>>;

  beforeAll(async () => {
    geo = await fakeNominatim();
    t = await startTestApp({ GEOCODER_URL: `${geo.url}/nominatim/` });
  });
  afterAll(async () => {
    geo.release();
    await t.close();
    await new Promise((resolve) => geo.server.close(resolve));
  });

  /** A visitor who shared a location (or none). */
  async function visitorAt(lat?: number, lon?: number): Promise<number> {
    const body =
      lat === undefined ? { sessionId: newSessionId() } : { sessionId: newSessionId(), latitude: lat, longitude: lon };
    return (await request(t.server).post('/api/session').send(body).expect(200)).body.id;
  }
  const list = async (ids: number[]): Promise<Row[]> =>
    (
      await asAdmin(t)
        .get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`)
        .expect(200)
    ).body;
  /** Asks again (as the portal does while a row is pending) until `done`, at most ~20 s. */
  async function until(ids: number[], done: (rows: Row[]) => boolean): Promise<Row[]> {
    for (let i = 0; i < 200; i++) {
      const rows = await list(ids);
      if (done(rows)) return rows;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`never settled: ${JSON.stringify(await list(ids))}`);
  }

  // first, while nothing was ever queued: the pace row still holds its '-infinity' start, which
  // PostgreSQL 15 refuses to subtract from (the idle loop then logged an error every 5 s)
  it('an idle queue on a fresh install answers idle, without an error', async () => {
    await expect(t.app.get(GeocodeCache).claim(1000)).resolves.toEqual({ kind: 'idle' });
  });

  it('answers at once while the geocoder hangs, then names the place once the lookup is done; one request per place', async () => {
    geo.state.reply = () => [200, london];
    geo.state.hold = true;
    const a = await visitorAt(51.50735, -0.12776);
    const b = await visitorAt(51.5071, -0.1281); // the same place at 2 decimals
    const nowhere = await visitorAt();
    // the geocoder answers nothing yet: the list does not wait for it
    const first = await list([a, b, nowhere]);
    const byId = (rows: Row[], id: number) => rows.find((r) => r.id === id)!;
    expect(byId(first, a)).toMatchObject({ location: null, locationPending: true, latitude: 51.50735 });
    expect(byId(first, b)).toMatchObject({ location: null, locationPending: true });
    expect(byId(first, nowhere)).toMatchObject({ location: null, locationPending: false });
    await until([a], () => geo.state.held.length === 1); // the background loop asked, and is still waiting
    expect((await list([a, b])).every((r) => r.locationPending)).toBe(true);

    geo.release();
    const named = await until([a, b], (rows) => rows.every((r) => !r.locationPending));
    expect(named.map((r) => r.location)).toEqual([
      'London, England, United Kingdom',
      'London, England, United Kingdom',
    ]);
    expect(geo.state.seen).toHaveLength(1);
    const sent = geo.state.seen[0]!;
    expect(sent.url.pathname).toBe('/nominatim/reverse');
    expect(Object.fromEntries(sent.url.searchParams)).toMatchObject({
      format: 'jsonv2',
      lat: '51.51',
      lon: '-0.13',
      zoom: '10',
    });
    expect(sent.userAgent).toMatch(/HowsMyVibe/);
    // asked again: answered from the database, nothing sent
    await list([a, b]);
    await new Promise((r) => setTimeout(r, 300));
    expect(geo.state.seen).toHaveLength(1);
    const [row] = await db(t).query(`SELECT label FROM geocode_cache WHERE lat_key = 51.51 AND lon_key = -0.13`);
    expect(row.label).toBe('London, England, United Kingdom');
  });

  it('uses town or village when there is no city, and skips missing parts', async () => {
    geo.state.reply = () => [200, { address: { village: 'Grasmere', country: 'United Kingdom' } }];
    const id = await visitorAt(54.46, -3.02);
    await list([id]);
    const [row] = await until([id], (rows) => !rows[0]!.locationPending);
    expect(row!.location).toBe('Grasmere, United Kingdom');
  });

  it('a failed lookup leaves the coordinates to the portal and is not retried at once', async () => {
    geo.state.reply = () => [503, { error: 'overloaded' }];
    const before = geo.state.seen.length;
    const paris = await visitorAt(48.85837, 2.294481);
    await list([paris]);
    const [row] = await until([paris], (rows) => !rows[0]!.locationPending);
    expect(row).toMatchObject({ location: null, locationPending: false, latitude: 48.85837 });
    await list([paris]);
    await new Promise((r) => setTimeout(r, 300));
    expect(geo.state.seen.length).toBe(before + 1);

    // the open sea (Nominatim answers 200 with an error body) and an unreachable geocoder alike
    geo.state.reply = () => [200, { error: 'Unable to geocode' }];
    const sea = await visitorAt(-30, -140.006);
    await list([sea]);
    expect((await until([sea], (rows) => !rows[0]!.locationPending))[0]!.location).toBeNull();
    geo.state.reply = () => [0, null];
    const ny = await visitorAt(40.7128, -74.006);
    await list([ny]);
    expect((await until([ny], (rows) => !rows[0]!.locationPending))[0]!.location).toBeNull();
  });

  it('keeps an old name when its refresh fails', async () => {
    geo.state.reply = () => [200, { address: { city: 'Oslo', country: 'Norway' } }];
    const id = await visitorAt(59.91, 10.75);
    await list([id]);
    await until([id], (rows) => rows[0]!.location === 'Oslo, Norway');
    // 30 days later the name is due again, and the geocoder is down
    await db(t).query(`UPDATE geocode_cache SET refresh_after = now() - interval '1 second' WHERE lat_key = 59.91`);
    geo.state.reply = () => [503, { error: 'down' }];
    const due = await list([id]);
    expect(due[0]).toMatchObject({ location: 'Oslo, Norway', locationPending: true });
    const after = await until([id], (rows) => !rows[0]!.locationPending);
    expect(after[0]!.location).toBe('Oslo, Norway');
  });

  it('asks once per second at most, oldest queued first, however many places a page holds', async () => {
    geo.state.reply = (_req, url) => [
      200,
      { address: { city: `City ${url.searchParams.get('lat')}`, country: 'Testland' } },
    ];
    const before = geo.state.seen.length;
    const ids = [];
    for (const lat of [10.01, 10.02, 10.03, 10.04]) ids.push(await visitorAt(lat, 20));
    await list(ids);
    const rows = await until(ids, (r) => r.every((x) => !x.locationPending));
    expect(rows.map((r) => r.location).sort()).toEqual([
      'City 10.01, Testland',
      'City 10.02, Testland',
      'City 10.03, Testland',
      'City 10.04, Testland',
    ]);
    const sent = geo.state.seen.slice(before);
    expect(sent).toHaveLength(4);
    // places are claimed 1 s apart; when each request reaches the stand-in jitters with a busy
    // machine's scheduling (one held back 400 ms makes its gap to the next 600 ms), so the check is
    // on the whole run: 4 requests span about 3 s, where unpaced ones arrive a few ms apart
    expect(sent.at(-1)!.at - sent[0]!.at).toBeGreaterThanOrEqual(2000);
  });

  it('no longer has a per-row geocode route', async () => {
    await asAdmin(t).get('/api/admin/geocode?lat=51.5&lon=-0.12').expect(404);
  });
});
