import { type INestApplication, ValidationPipe } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import type { Express } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '../../config/env.js';
import { helmetOptions } from './security-headers.js';
import { ErrorFilter } from './error.filter.js';
import { serveWebApps } from './web-apps.js';

/** Everything main.ts and the tests both need, so tests run the app exactly as production does. */
export function configureApp(app: NestExpressApplication): INestApplication {
  const config = app.get(AppConfig);
  app.useLogger(app.get(Logger));
  app.set('trust proxy', 'loopback, linklocal, uniquelocal'); // nginx in front: real client IP for limits
  app.disable('x-powered-by');
  app.use(
    // one list for the API and nginx (nginx/security-headers.*.conf are generated from it)
    helmet(helmetOptions(config.secureCookies)),
  );
  app.use(cookieParser());
  app.useBodyParser('json', { limit: '100kb' });
  app.useBodyParser('urlencoded', { limit: '10kb', extended: false });
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: false }),
  );
  app.useGlobalFilters(new ErrorFilter());
  app.enableShutdownHooks();

  const docs = new DocumentBuilder()
    .setTitle("How's my Vibe? API")
    .setDescription(
      'Visitor and admin HTTP API. Visitor calls use the session cookie; admin calls use the token from POST /api/admin/login (Bearer) or HTTP Basic.',
    )
    .addBearerAuth()
    .addBasicAuth()
    .addCookieAuth('vibe_session')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, docs));

  serveWebApps(app.getHttpAdapter().getInstance() as Express, config);
  return app;
}
