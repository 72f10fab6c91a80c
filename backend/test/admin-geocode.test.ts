import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asAdmin, db } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';

interface Seen {
  url: URL;
  userAgent: string | undefined;
}

/** A stand-in for Nominatim that records what reaches it; `reply` decides each answer. */
async function fakeNominatim(): Promise<{
  server: Server;
  url: string;
  seen: Seen[];
  reply: (req: IncomingMessage, url: URL) => [number, unknown];
}> {
  const state = {
    seen: [] as Seen[],
    reply: (_req: IncomingMessage, _url: URL): [number, unknown] => [500, { error: 'not set' }],
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.seen.push({ url, userAgent: req.headers['user-agent'] });
    const [status, body] = state.reply(req, url);
    if (status === 0) return void req.socket.destroy(); // the network failed
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const result = {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get seen() {
      return state.seen;
    },
    set reply(fn) {
      state.reply = fn;
    },
    get reply() {
      return state.reply;
    },
  };
  return result;
}

const london = { address: { city: 'London', state: 'England', country: 'United Kingdom', country_code: 'gb' } };

describe(`admin reverse geocoding (${dbKind})`, () => {
  let t: TestApp;
  let geo: Awaited<ReturnType<typeof fakeNominatim>>;

  beforeAll(async () => {
    geo = await fakeNominatim();
    t = await startTestApp({ GEOCODER_URL: `${geo.url}/nominatim/` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => geo.server.close(resolve));
  });

  it('asks the configured geocoder once (zoom 10, rounded coordinates, a User-Agent), then answers from the database', async () => {
    geo.reply = () => [200, london];
    const first = await asAdmin(t).get('/api/admin/geocode?lat=51.50735&lon=-0.12776').expect(200);
    expect(first.body).toEqual({ label: 'London, England, United Kingdom', source: 'geocoder' });
    expect(geo.seen).toHaveLength(1);
    const sent = geo.seen[0]!;
    expect(sent.url.pathname).toBe('/nominatim/reverse');
    expect(Object.fromEntries(sent.url.searchParams)).toMatchObject({
      format: 'jsonv2',
      lat: '51.51',
      lon: '-0.13',
      zoom: '10',
    });
    expect(sent.userAgent).toMatch(/HowsMyVibe/);

    // same place (rounds to the same point): no new request
    const again = await asAdmin(t).get('/api/admin/geocode?lat=51.5071&lon=-0.1281').expect(200);
    expect(again.body).toEqual({ label: 'London, England, United Kingdom', source: 'cache' });
    expect(geo.seen).toHaveLength(1);
    const [row] = await db(t).query(`SELECT label FROM geocode_cache WHERE lat_key = 51.51 AND lon_key = -0.13`);
    expect(row.label).toBe('London, England, United Kingdom');
  });

  it('uses town or village when there is no city, and skips missing parts', async () => {
    geo.reply = () => [200, { address: { village: 'Grasmere', country: 'United Kingdom' } }];
    const res = await asAdmin(t).get('/api/admin/geocode?lat=54.46&lon=-3.02').expect(200);
    expect(res.body.label).toBe('Grasmere, United Kingdom');
  });

  it('falls back to coordinates rounded to 2 decimals when the lookup fails, and does not retry at once', async () => {
    geo.reply = () => [503, { error: 'overloaded' }];
    const before = geo.seen.length;
    const res = await asAdmin(t).get('/api/admin/geocode?lat=48.858370&lon=2.294481').expect(200);
    expect(res.body).toEqual({ label: '48.86, 2.29', source: 'coordinates' });
    const again = await asAdmin(t).get('/api/admin/geocode?lat=48.8584&lon=2.2945').expect(200);
    expect(again.body).toEqual({ label: '48.86, 2.29', source: 'coordinates' });
    expect(geo.seen.length).toBe(before + 1);

    // the open sea: Nominatim answers 200 with an error body
    geo.reply = () => [200, { error: 'Unable to geocode' }];
    const sea = await asAdmin(t).get('/api/admin/geocode?lat=-30&lon=-140.006').expect(200);
    expect(sea.body).toEqual({ label: '-30.00, -140.01', source: 'coordinates' });
  });

  it('falls back to coordinates when the geocoder cannot be reached', async () => {
    geo.reply = () => [0, null];
    const res = await asAdmin(t).get('/api/admin/geocode?lat=40.7128&lon=-74.006').expect(200);
    expect(res.body).toEqual({ label: '40.71, -74.01', source: 'coordinates' });
  });

  it('queues parallel lookups (one request per second, see RequestPacer) and asks once per place', async () => {
    geo.reply = (_req, url) => [200, { address: { city: `City ${url.searchParams.get('lat')}`, country: 'Testland' } }];
    const before = geo.seen.length;
    const points = [
      [10.01, 20],
      [10.02, 20],
      [10.02, 20.001], // same place as the previous one
      [10.03, 20],
    ];
    const answers = await Promise.all(
      points.map(([lat, lon]) => asAdmin(t).get(`/api/admin/geocode?lat=${lat}&lon=${lon}`).expect(200)),
    );
    expect(answers.map((a) => a.body.label)).toEqual([
      'City 10.01, Testland',
      'City 10.02, Testland',
      'City 10.02, Testland',
      'City 10.03, Testland',
    ]);
    const sent = geo.seen.slice(before);
    // the spacing itself is proven with a fake clock in request-pacer.spec.ts, not by wall time
    expect(sent).toHaveLength(3);
  });

  it.each([
    ['lat=91&lon=0', /lat must be a number between -90 and 90/],
    ['lat=abc&lon=0', /lat must be/],
    ['lat=10', /lon must be/],
    ['lat=10&lon=200', /lon must be a number between -180 and 180/],
  ])('refuses %s with 400 and asks nobody', async (query, message) => {
    const before = geo.seen.length;
    const res = await asAdmin(t).get(`/api/admin/geocode?${query}`).expect(400);
    expect(res.body.message).toMatch(message);
    expect(geo.seen.length).toBe(before);
  });
});
