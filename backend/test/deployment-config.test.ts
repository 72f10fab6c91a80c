import { load as loadYaml } from 'js-yaml';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, SETTING_NAMES } from '../src/config/env.js';
import {
  AD_FRAME_CSP,
  nginxAdPreviewHeaders,
  nginxSecurityHeaders,
  securityHeaders,
} from '../src/platform/http/security-headers.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('deployment settings in config/env.ts', () => {
  it('refuses production without a real SMTP_URL (login links would never be mailed)', () => {
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-password' };
    expect(problemsOf(production)).toEqual([
      'SMTP_URL must be set in production (without it login links are only written to DATA_DIR/outbox)',
    ]);
    expect(problemsOf({ ...production, SMTP_URL: 'smtp://relay.example.com:587' })).toEqual([]);
    // development and tests keep the outbox files
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('puts DATABASE_PASSWORD into DATABASE_URL encoded, whatever characters it holds', () => {
    const password = 'p@ss:w/rd?#%41 ü';
    const c = loadConfig({ DATABASE_URL: 'postgres://vibe@postgres:5432/vibe', DATABASE_PASSWORD: password });
    const u = new URL(c.databaseUrl!);
    expect(decodeURIComponent(u.password)).toBe(password);
    expect({ user: u.username, host: u.host, db: u.pathname }).toEqual({
      user: 'vibe',
      host: 'postgres:5432',
      db: '/vibe',
    });
    expect(problemsOf({ DATABASE_PASSWORD: 'x' })).toEqual(['DATABASE_PASSWORD is set but DATABASE_URL is not']);
  });

  it('listens on LISTEN_ADDRESS when given, on every interface otherwise', () => {
    expect(loadConfig({}).listenAddress).toBeUndefined();
    expect(loadConfig({ LISTEN_ADDRESS: '127.0.0.2' }).listenAddress).toBe('127.0.0.2');
    expect(problemsOf({ LISTEN_ADDRESS: 'api.local' })).toEqual([
      'LISTEN_ADDRESS must be an IP address (got "api.local")',
    ]);
  });
});

/* ---------- docker-compose.yml and the Dockerfile against what the code reads ---------- */

const repo = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

type Env = Record<string, string>;
interface Service {
  image?: string;
  build?: { target?: string };
  environment?: Env & { '<<'?: Env };
  volumes?: string[];
  ports?: string[];
  profiles?: string[];
  restart?: string;
  logging?: { driver?: string; options?: Record<string, string> };
  depends_on?: Record<string, { condition: string }>;
}

const compose = loadYaml(read('docker-compose.yml')) as { services: Record<string, Service>; 'x-app-env': Env };
/** A service's environment with the YAML merge key (<<: *app-env) applied, as compose does. */
const envOf = (s: Service): Env => {
  const { '<<': merged, ...own } = s.environment ?? {};
  return { ...(merged ?? {}), ...own } as Env;
};
const appServices = Object.entries(compose.services).filter(([, s]) => s.build?.target === 'runtime');

/** The variables config/env.ts declares (its only reader of the environment). */
const readByCode = new Set(SETTING_NAMES);

/** Dockerfile stages: FROM lines (ARG defaults applied) and each stage's ENV names and instructions. */
const dockerfile = read('Dockerfile');
const args = Object.fromEntries([...dockerfile.matchAll(/^ARG (\w+)=(\S+)/gm)].map((m) => [m[1]!, m[2]!]));
const stages = dockerfile
  .split(/^(?=FROM )/m)
  .filter((s) => s.startsWith('FROM '))
  .map((stage) => stage.replace(/\\\n\s*/g, ' ')) // join continued lines
  .map((text) => ({
    from: text
      .split('\n')[0]!
      .split(/\s+/)[1]!
      .replace(/\$\{(\w+)\}/g, (_, a: string) => args[a] ?? ''),
    name: /^FROM \S+ AS (\S+)/.exec(text)?.[1],
    text,
    env: new Set([...text.matchAll(/^ENV (.*)$/gm)].flatMap((m) => [...m[1]!.matchAll(/(\w+)=/g)].map((e) => e[1]!))),
  }));
const runtime = stages.find((s) => s.name === 'runtime')!;

/** Settings fixed by the deployment's shape, not meant to be changed through compose. */
const notInCompose: Record<string, string> = {
  VISITOR_WEB_DIR: 'nginx serves the web apps in the services mode',
  ADMIN_WEB_DIR: 'nginx serves the web apps in the services mode',
  LISTEN_ADDRESS: 'containers listen on every interface; nginx reaches them by service name',
  EMBEDDED_DB_FSYNC: 'PGlite only (the embedded mode); the services mode runs on PostgreSQL',
};

/** Settings the image gives the process itself rather than the app's code. */
const forTheRuntime: Record<string, string> = {
  MALLOC_ARENA_MAX: "glibc's allocator: fewer per-thread arenas holding on to image re-encodes' memory",
};

describe('docker-compose.yml and the Dockerfile agree with config/env.ts', () => {
  it('every variable the code reads can be set for the app containers', () => {
    const settable = new Set([...appServices.flatMap(([, s]) => Object.keys(envOf(s))), ...runtime.env]);
    const missing = [...readByCode].filter((name) => !settable.has(name) && !(name in notInCompose));
    expect(missing).toEqual([]);
    expect(readByCode.size).toBeGreaterThan(20); // the pattern above still finds the reads
  });

  it('every variable compose or the image sets is one the code reads, or the runtime', () => {
    const set = new Set([...appServices.flatMap(([, s]) => Object.keys(envOf(s))), ...runtime.env]);
    expect([...set].filter((name) => !readByCode.has(name) && !(name in forTheRuntime))).toEqual([]);
  });

  it("caps glibc's memory arenas, so concurrent image re-encodes do not each keep their memory", () => {
    expect(/MALLOC_ARENA_MAX=(\d+)/.exec(runtime.text)?.[1]).toBe('2');
  });

  it('installs the ffmpeg the video renditions run, where FFMPEG_PATH and FFPROBE_PATH say', () => {
    expect(runtime.text).toMatch(/apt-get install [^\n]*\bffmpeg\b/);
    expect(runtime.text).toMatch(/FFMPEG_PATH=\/usr\/bin\/ffmpeg/);
    expect(runtime.text).toMatch(/FFPROBE_PATH=\/usr\/bin\/ffprobe/);
  });

  it('the operator sets them in .env: each is interpolated unless it is the wiring itself', () => {
    const wiring = new Set(['NODE_ENV', 'REDIS_URL', 'S3_ENDPOINT', 'RUN_JOBS']);
    for (const [name, s] of appServices) {
      for (const [key, value] of Object.entries(envOf(s))) {
        if (!wiring.has(key))
          expect({ service: name, key, interpolated: /\$\{\w+/.test(value) }).toMatchObject({ interpolated: true });
      }
    }
    // secrets have no default: compose refuses to start without them
    const anchor = compose['x-app-env'];
    for (const key of ['DATABASE_PASSWORD', 'S3_SECRET_ACCESS_KEY', 'ADMIN_PASSWORD', 'SMTP_URL'])
      expect({ key, value: anchor[key] }).toMatchObject({ value: expect.stringMatching(/^\$\{\w+:\?/) });
  });

  it('api, worker and bucket-init get the same settings (the api adds RUN_JOBS=false)', () => {
    const anchor = compose['x-app-env'];
    expect(envOf(compose.services.worker!)).toEqual(anchor);
    expect(envOf(compose.services['bucket-init']!)).toEqual(anchor);
    expect(envOf(compose.services.api!)).toEqual({ ...anchor, RUN_JOBS: 'false' });
  });

  it('pins every image to a version', () => {
    const images = [
      ...Object.values(compose.services).flatMap((s) => (s.image ? [s.image] : [])),
      ...stages.map((s) => s.from),
    ];
    expect(images.length).toBeGreaterThanOrEqual(7);
    for (const image of images) expect(image).toMatch(/^[\w./-]+:v?\d+\.\d+(\.\d+)?(-[\w.-]+)?$/);
    expect(images.join(' ')).not.toMatch(/minio/);
  });

  it('gives the app a data path its user can write, on a volume', () => {
    const dataDir = /DATA_DIR=(\S+)/.exec(runtime.text)![1]!;
    const user = /^USER (\w+)/m.exec(runtime.text)![1]!;
    const before = runtime.text.slice(0, runtime.text.indexOf(`USER ${user}`));
    expect(before).toMatch(new RegExp(`chown ${user}:${user} ${dataDir}\\b`));
    expect(runtime.text).toMatch(new RegExp(`VOLUME \\["${dataDir}"\\]`));
    for (const [name, s] of appServices)
      expect({ name, volumes: s.volumes }).toMatchObject({
        volumes: expect.arrayContaining([expect.stringMatching(new RegExp(`:${dataDir}$`))]),
      });
  });

  it('restarts long-running services; mail catching is a development profile on this machine only', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      expect({ name, restart: s.restart }).toEqual({ name, restart: name === 'bucket-init' ? 'no' : 'unless-stopped' });
    }
    const mailpit = compose.services.mailpit!;
    expect(mailpit.profiles).toEqual(['dev']);
    for (const port of mailpit.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    const published = Object.entries(compose.services).filter(([, s]) => s.ports?.length && !s.profiles);
    expect(published.map(([name]) => name)).toEqual(['nginx']);
  });

  it("rotates every service's logs (an unrotated API log grew ~18 GB a day at the bench's vote rate)", () => {
    for (const [name, s] of Object.entries(compose.services))
      expect({ name, logging: s.logging }).toEqual({
        name,
        logging: {
          driver: 'json-file',
          options: { 'max-size': expect.stringMatching(/^\d+m$/), 'max-file': expect.stringMatching(/^\d+$/) },
        },
      });
  });

  it('keeps dependencies, history, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '.git', 'data', '.env', '**/dist']) expect(ignored).toContain(entry);
  });
});

describe('nginx/default.conf', () => {
  const conf = read('nginx/default.conf');
  /** Each location block's path and body (nested blocks included in their parent's body). */
  const locations = [...conf.matchAll(/location\s+(=\s*)?(\S+)\s*\{/g)].map((m) => {
    let depth = 0;
    let end = m.index!;
    for (let i = m.index! + m[0].length - 1; i < conf.length; i++) {
      if (conf[i] === '{') depth++;
      if (conf[i] === '}' && --depth === 0) {
        end = i;
        break;
      }
    }
    const body = conf.slice(m.index! + m[0].length, end).replace(/location[^{]*\{[^}]*\}/g, '');
    return { path: m[2]!, body };
  });

  it('answers relative redirects and re-resolves the api service', () => {
    expect(conf).toMatch(/^\s*absolute_redirect off;/m);
    expect(conf).toMatch(/^resolver 127\.0\.0\.11 valid=\d+s/m);
    expect(conf).toMatch(/set \$api_upstream api:3000;/);
    expect(conf).not.toMatch(/upstream\s+\w+\s*\{/); // a static upstream is resolved once, at start
  });

  it('replaces the client X-Forwarded-For with the address nginx sees', () => {
    const proxied = locations.filter((l) => /proxy_pass/.test(l.body));
    expect(proxied.map((l) => l.path).sort()).toEqual([
      '/api/',
      '/api/media/upload',
      '/manifest.webmanifest',
      '/media/',
      '/r/',
    ]);
    for (const l of proxied) {
      expect(l.body).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
      expect(l.body).toMatch(/proxy_pass http:\/\/\$api_upstream;/);
    }
    expect(conf).not.toMatch(/proxy_add_x_forwarded_for/);
  });

  it('moves a request off a replica that reset it (small bodies buffered), and streams uploads', () => {
    const api = locations.find((l) => l.path === '/api/')!.body;
    expect(api).toMatch(/proxy_next_upstream error timeout non_idempotent;/);
    expect(api).not.toMatch(/proxy_request_buffering off/);
    expect(locations.find((l) => l.path === '/api/media/upload')!.body).toMatch(/proxy_request_buffering off;/);
  });

  it('adds the security headers to what nginx serves itself, and never on top of the API’s', () => {
    // the ad preview page gets the same headers with the ad frame's policy (its own generated file)
    const adPreview = (path: string) => path === '/adm/ad-preview.html';
    for (const l of locations.filter((x) => !x.path.startsWith('@'))) {
      const proxied = /proxy_pass/.test(l.body);
      expect({ path: l.path, included: /include \/etc\/nginx\/security-headers\.conf;/.test(l.body) }).toEqual({
        path: l.path,
        included: !proxied && !adPreview(l.path),
      });
    }
    expect(locations.find((l) => adPreview(l.path))!.body).toMatch(/include \/etc\/nginx\/ad-preview-headers\.conf;/);
  });

  it('ships header files generated from the API’s own list', () => {
    expect(read('nginx/security-headers.http.conf')).toBe(nginxSecurityHeaders(false));
    expect(read('nginx/security-headers.https.conf')).toBe(nginxSecurityHeaders(true));
    expect(read('nginx/ad-preview-headers.http.conf')).toBe(nginxAdPreviewHeaders(false));
    expect(read('nginx/ad-preview-headers.https.conf')).toBe(nginxAdPreviewHeaders(true));
    expect(read('nginx/ad-preview-headers.http.conf')).toContain(`Content-Security-Policy "${AD_FRAME_CSP}"`);
    expect(Object.keys(securityHeaders(true))).toEqual(
      expect.arrayContaining([
        'Content-Security-Policy',
        'X-Frame-Options',
        'X-Content-Type-Options',
        'Referrer-Policy',
        'Strict-Transport-Security',
      ]),
    );
    const web = stages.find((s) => s.name === 'web')!;
    expect(web.text).toMatch(
      /COPY nginx\/security-headers\.http\.conf nginx\/security-headers\.https\.conf nginx\/ad-preview-headers\.http\.conf nginx\/ad-preview-headers\.https\.conf \/etc\/nginx\/security-headers\//,
    );
    expect(web.text).toMatch(/COPY --chmod=755 nginx\/40-security-headers\.sh \/docker-entrypoint\.d\//);
    expect(read('nginx/40-security-headers.sh')).toMatch(
      /cp "\/etc\/nginx\/security-headers\/security-headers\.\$variant\.conf" \/etc\/nginx\/security-headers\.conf/,
    );
  });

  it('gives every proxied request an id the API logs and echoes, and logs its own line with it (no query string)', () => {
    for (const l of locations.filter((x) => /proxy_pass/.test(x.body)))
      expect({ path: l.path, body: l.body }).toMatchObject({
        body: expect.stringMatching(/proxy_set_header X-Request-Id \$request_id;/),
      });
    for (const name of ['@too_large', '@api_unavailable'])
      expect(locations.find((l) => l.path === name)!.body).toMatch(/add_header X-Request-Id \$request_id always;/);
    const format = /log_format vibe_json escape=json ([\s\S]*?);\n/.exec(conf)![1]!;
    expect(format).toContain('"reqId":"$request_id"');
    // a client's own id is written beside nginx's, never trusted (proxy_set_header replaces it)
    expect(format).toContain('"clientReqId":"$http_x_request_id"');
    expect(format).not.toMatch(/\$request\b|\$request_uri|\$args|\$query_string/); // a magic-link token is in the query
    expect(conf).toMatch(/^\s+access_log \/dev\/stdout vibe_json;/m);
  });

  it('sends the builds’ pre-compressed copies of the web apps, with Vary', () => {
    expect(conf).toMatch(/^\s*gzip_static on;/m);
    expect(conf).toMatch(/^\s*gzip_vary on;/m);
  });

  it('answers its own errors on API paths in the API’s JSON shape', () => {
    for (const name of ['@too_large', '@api_unavailable']) {
      const body = locations.find((l) => l.path === name)!.body;
      const json = JSON.parse(/return \d+ '(.*)';/.exec(body)![1]!);
      expect(Object.keys(json)).toEqual(['statusCode', 'error', 'message']);
    }
  });
});

/* ---------- deploy/: the Prometheus rules and the Grafana dashboard read series the app exports ---------- */

describe('deploy/ monitoring files', () => {
  const exported = new Set(
    // every series name metrics.ts declares (a `name:` or the first argument of backlogGauge)
    [...read('backend/src/platform/metrics/metrics.ts').matchAll(/'((?:vibe|http)_[a-z_]+)'/g)].map((m) => m[1]!),
  );
  /** Our series an expression names (node_exporter's and prom-client's defaults are not ours to check). */
  const ours = (expr: string) =>
    [...expr.matchAll(/\b((?:vibe|http)_[a-z_]+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, ''));

  it('alert rules parse, cover what an operator must hear about, and name only series the app exports', () => {
    const rules = (
      loadYaml(read('deploy/prometheus/alerts.yml')) as { groups: { rules: { alert: string; expr: string }[] }[] }
    ).groups.flatMap((g) => g.rules);
    const names = rules.map((r) => r.alert);
    for (const needed of [
      'VibeHigh5xxRate',
      'VibeSlowP99',
      'VibeSignInMailStuck',
      'VibeJobsWaiting',
      'VibeJobsFailing',
      'VibeDiskLow',
    ])
      expect(names).toContain(needed);
    for (const r of rules)
      for (const series of ours(r.expr)) expect(exported, `${r.alert}: ${series}`).toContain(series);
  });

  it('the scrape config loads the rules and scrapes the api and worker on the metrics port', () => {
    const prom = loadYaml(read('deploy/prometheus/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: { job_name: string; dns_sd_configs?: { names: string[]; port: number }[] }[];
    };
    expect(prom.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    const jobs = Object.fromEntries(prom.scrape_configs.map((j) => [j.job_name, j.dns_sd_configs?.[0]]));
    expect(jobs['vibe-api']).toMatchObject({ names: ['api'], port: 9464 });
    expect(jobs['vibe-worker']).toMatchObject({ names: ['worker'], port: 9464 });
  });

  it('the Grafana dashboard is JSON whose panels query series the app exports', () => {
    const dash = JSON.parse(read('deploy/grafana/hows-my-vibe.json')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    expect(dash.panels.length).toBeGreaterThan(10);
    for (const p of dash.panels)
      for (const t of p.targets)
        for (const series of ours(t.expr)) expect(exported, `${p.title}: ${series}`).toContain(series);
  });
});

describe('nginx holds up under slow and many connections (issue 20)', () => {
  const site = read('nginx/default.conf');
  const main = read('nginx/nginx.conf');
  const seconds = (directive: string) => Number(new RegExp(`^\\s*${directive} (\\d+)s;`, 'm').exec(site)?.[1]);

  it('limits the connections one address holds, answers 429 past it, and times slow clients out early', () => {
    expect(site).toMatch(/^limit_conn_zone \$binary_remote_addr zone=per_address:\d+m;/m);
    expect(site).toMatch(/^\s*limit_conn per_address \d+;/m);
    expect(site).toMatch(/^\s*limit_conn_status 429;/m);
    expect(seconds('client_header_timeout')).toBeLessThanOrEqual(15);
    // between two reads of an upload's body, not for the whole body
    expect(seconds('client_body_timeout')).toBeGreaterThanOrEqual(10);
    expect(seconds('client_body_timeout')).toBeLessThanOrEqual(30);
  });

  it('the web image runs nginx/nginx.conf: enough worker connections to ride out a flood', () => {
    expect(dockerfile).toMatch(/^COPY nginx\/nginx\.conf \/etc\/nginx\/nginx\.conf$/m);
    expect(Number(/worker_connections (\d+);/.exec(main)?.[1])).toBeGreaterThanOrEqual(8192);
    expect(main).toMatch(/include \/etc\/nginx\/conf\.d\/\*\.conf;/);
  });
});
