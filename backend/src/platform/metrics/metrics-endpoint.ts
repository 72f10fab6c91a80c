import http from 'node:http';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/env.js';
import { BackgroundWork } from '../background-work.js';
import { PinoNestLogger } from '../logging/nest-logger.js';
import { Metrics } from './metrics.js';
import { MetricsTokenGate } from './metrics-token.js';

/** `Authorization: Bearer <token>`'s token, or null. */
const bearerOf = (header: string | undefined) => /^Bearer (\S+)$/i.exec(header ?? '')?.[1] ?? null;

/** The client's address: Express's (TRUSTED_PROXIES applied) on the API, the socket's on the metrics port. */
const addressOf = (req: http.IncomingMessage) =>
  (req as http.IncomingMessage & { ip?: string }).ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Answers a scrape: the text format when the bearer token matches (or none is asked for), else a
 * 401 in the API's error shape, and a 429 once an address has sent too many wrong tokens
 * (MetricsTokenGate). Plain node:http types, so it serves both the API's Express app
 * (`/api/metrics`) and the separate metrics port.
 */
export function scrapeHandler(metrics: Metrics, gate: MetricsTokenGate, where: string) {
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const answer = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      answer(
        405,
        'application/json',
        JSON.stringify({ statusCode: 405, error: 'method_not_allowed', message: 'GET only' }),
        { allow: 'GET, HEAD' },
      );
      return;
    }
    if (gate.enabled) {
      const address = addressOf(req);
      const wait = gate.retryAfter(address);
      if (wait > 0) {
        answer(
          429,
          'application/json',
          JSON.stringify({
            statusCode: 429,
            error: 'rate_limited',
            message: 'Too many wrong metrics tokens from this address: try again later',
          }),
          { 'retry-after': String(wait) },
        );
        return;
      }
      const given = bearerOf(req.headers.authorization);
      if (given === null || !gate.matches(given)) {
        gate.failed(address, where);
        answer(
          401,
          'application/json',
          JSON.stringify({
            statusCode: 401,
            error: 'unauthenticated',
            message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>',
          }),
          { 'www-authenticate': 'Bearer realm="metrics"' },
        );
        return;
      }
    }
    metrics.registry.metrics().then(
      (text) => answer(200, metrics.registry.contentType, text),
      (err: unknown) => answer(500, 'text/plain', `metrics could not be collected: ${(err as Error).message}\n`),
    );
  };
}

/**
 * METRICS_PORT: a listener of its own answering `/metrics` (the worker has no other HTTP; an API
 * can keep scrapes off its public port). It asks for the token only when METRICS_TOKEN is set:
 * the port's reachability is the boundary otherwise (publish it on the internal network only).
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap {
  constructor(
    private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly logger: PinoNestLogger,
    private readonly work: BackgroundWork,
    private readonly gate: MetricsTokenGate,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.metricsPort;
    if (port === undefined) return;
    const scrape = scrapeHandler(this.metrics, this.gate, 'METRICS_PORT');
    const server = http.createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === '/metrics' || path === '/api/metrics') return scrape(req, res);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.listenAddress, () => resolve());
    });
    this.work.register(
      'metrics listener',
      'workers',
      () => new Promise<void>((resolve) => server.close(() => resolve())),
    );
    this.logger.log({ msg: `Metrics on port ${port} at /metrics`, metricsPort: port });
  }
}
