import { type INestApplication, ValidationPipe } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '../../config/env.js';
import { DomainError } from '../domain-error.js';
import { PinoNestLogger } from '../logging/nest-logger.js';
import { OutageLog } from '../logging/outage-log.js';
import { requestLog } from '../logging/request-log.js';
import { ROOT_LOGGER, type RootLogger } from '../logging/root-logger.js';
import { scrapeHandler } from '../metrics/metrics-endpoint.js';
import { Metrics } from '../metrics/metrics.js';
import { MetricsTokenGate } from '../metrics/metrics-token.js';
import { AdminAuthGuard } from './admin-auth/admin-auth.guard.js';
import { apiDocument } from './api-document.js';
import { helmetOptions } from './security-headers.js';
import { ErrorFilter } from './error.filter.js';
import { checkJsonDepth, rejectNulInBody, rejectNulInUrl } from './hostile-input.js';
import { jsonBodiesOnly, sameOriginOnly } from './request-guards.js';
import { serveWebApps } from './web-apps.js';

/** Everything main.ts and the tests both need, so tests run the app exactly as production does. */
export function configureApp(app: NestExpressApplication): INestApplication {
  const config = app.get(AppConfig);
  app.useLogger(app.get(PinoNestLogger));
  // only a configured proxy (nginx) may name the client: every IP limit and the flood guard read req.ip
  app.set('trust proxy', config.trustedProxies);
  app.disable('x-powered-by');
  // first, so every answer is logged, also the ones the guards below give
  const metrics = app.get(Metrics);
  app.use(
    requestLog(app.get<RootLogger>(ROOT_LOGGER), {
      observe: metrics.observeRequest,
      hotPathSample: config.logHotPathPercent / 100,
      slowMs: config.logSlowMs,
    }),
  );
  // scrapes skip the guards and the flood guard below: the token is their gate (off without one)
  if (config.metricsToken) app.use('/api/metrics', scrapeHandler(metrics, app.get(MetricsTokenGate), '/api/metrics'));
  app.use(
    // one list for the API and nginx (nginx/security-headers.*.conf are generated from it)
    helmet(helmetOptions(config.secureCookies)),
  );
  app.use(rejectNulInUrl);
  app.use(sameOriginOnly(config));
  app.use(jsonBodiesOnly);
  app.use(cookieParser());
  app.use(express.json({ limit: '100kb', verify: checkJsonDepth }));
  // the only form the API takes: the magic-link landing page posts its own token
  app.use('/api/auth/magic-link', express.urlencoded({ limit: '10kb', extended: false }));
  app.use(rejectNulInBody);
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: false }),
  );
  app.useGlobalFilters(new ErrorFilter(app.get(OutageLog), app.get<RootLogger>(ROOT_LOGGER)));

  // production keeps the API's map to admins (a browser asks for the admin login)
  if (config.nodeEnv === 'production') app.use(['/api/docs', '/api/docs-json', '/api/docs-yaml'], adminOnlyDocs(app));
  SwaggerModule.setup('api/docs', app, () => apiDocument(app));

  serveWebApps(app.getHttpAdapter().getInstance() as Express, config);
  return app;
}

function adminOnlyDocs(app: NestExpressApplication): RequestHandler {
  const guard = app.get(AdminAuthGuard);
  return (req, res, next) => {
    guard.authenticate(req, res).then(
      () => next(),
      (err: unknown) => {
        if (err instanceof DomainError && err.code === 'unauthenticated')
          res.setHeader('WWW-Authenticate', 'Basic realm="API docs", charset="UTF-8"');
        next(err);
      },
    );
  };
}
