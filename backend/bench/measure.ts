import autocannon, { type Request, type RequestParams } from 'autocannon';

export interface MeasureSpec {
  /** Row label; also the key in ctx.results, so keep it unique within a run. */
  name: string;
  /** Defaults to the main app. */
  baseUrl?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** Objects are sent as JSON. */
  body?: unknown;
  /**
   * Per-request overrides from a counter shared by all connections (warm-up included), e.g. a
   * different mediaId on every POST. Return only what changes.
   */
  vary?: (i: number) => { path?: string; body?: unknown; headers?: Record<string, string> };
  /** Statuses counted as success (default: any 2xx). */
  expect?: number[];
  duration?: number;
  connections?: number;
}

export interface Measurement {
  kind: 'http';
  name: string;
  reqPerSec: number;
  /** Latencies of successful answers, in ms, from each response's own timing. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  /** Answers outside `expect`, plus connection errors and time-outs. */
  failures: number;
  statusCodes: Record<string, number>;
  /** The statuses that counted as success (undefined: any 2xx). */
  expect?: number[];
  errors: number;
  timeouts: number;
  seconds: number;
  /** CPU the API process spent per answer (load-independent, unlike req/s on a busy machine). */
  apiCpuMsPerReq?: number;
  /** CPU the database backends serving the API spent per answer. */
  dbCpuMsPerReq?: number;
}

/** Cumulative CPU ms of the API process and of its database backends, sampled around the measured run. */
export type CpuSampler = () => Promise<{ api: number; db: Map<number, number> } | null>;

export const isSuccess = (m: { expect?: number[] }, status: number) =>
  m.expect ? m.expect.includes(status) : status >= 200 && status < 300;

export const isMeasurement = (row: unknown): row is Measurement =>
  typeof row === 'object' && row !== null && (row as Measurement).kind === 'http';

const encode = (body: unknown): string | undefined =>
  body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

async function runOnce(spec: MeasureSpec, seconds: number, counter: { i: number }, latencies: number[] | null) {
  const headers: Record<string, string> = { ...spec.headers };
  if (spec.body !== undefined && typeof spec.body !== 'string') headers['content-type'] ??= 'application/json';
  const request: Request = { method: spec.method ?? 'GET', path: spec.path, headers };
  const body = encode(spec.body);
  if (body !== undefined) request.body = body;
  // only with `vary`: without setupRequest autocannon reuses one prebuilt request, keeping the load generator cheap
  // (an explicit undefined would replace autocannon's default and break it)
  const vary = spec.vary;
  if (vary) {
    request.setupRequest = (req: RequestParams): RequestParams => {
      const v = vary(counter.i++);
      return {
        ...req,
        path: v.path ?? req.path,
        body: v.body !== undefined ? encode(v.body) : req.body,
        headers: { ...req.headers, ...v.headers },
      };
    };
  }
  const instance = autocannon({
    url: spec.baseUrl!,
    connections: spec.connections,
    duration: seconds,
    timeout: 10,
    requests: [request],
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (latencies && isSuccess(spec, status)) latencies.push(ms);
  });
  return instance;
}

/** A 1 s warm-up (JIT, pool connections, caches), then the measured run. */
export async function measure(spec: MeasureSpec, sampleCpu?: CpuSampler): Promise<Measurement> {
  const counter = { i: 0 };
  await runOnce(spec, 1, counter, null);
  const latencies: number[] = [];
  const before = await sampleCpu?.();
  const result = await runOnce(spec, spec.duration!, counter, latencies);
  const after = await sampleCpu?.();
  const sorted = Float64Array.from(latencies).sort();
  const statusCodes: Record<string, number> = {};
  let ok = 0;
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    statusCodes[code] = count;
    if (isSuccess(spec, Number(code))) ok += count;
  }
  const requests = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  let cpu: Pick<Measurement, 'apiCpuMsPerReq' | 'dbCpuMsPerReq'> = {};
  if (before && after && requests > 0) {
    // a backend that started during the run counts in full; one that ended is lost (pools keep theirs open)
    let db = 0;
    for (const [pid, ms] of after.db) db += ms - (before.db.get(pid) ?? 0);
    cpu = { apiCpuMsPerReq: (after.api - before.api) / requests, dbCpuMsPerReq: db / requests };
  }
  return {
    ...cpu,
    kind: 'http',
    name: spec.name,
    reqPerSec: result.requests.average,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
    requests,
    failures: requests - ok + result.errors + result.timeouts,
    statusCodes,
    expect: spec.expect,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
  };
}
