import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { loadConfigOrExit } from './config/env.js';
import { DataDirInUseError, lockDataDir } from './platform/data-dir-lock.js';
import { configureApp } from './platform/http/configure-app.js';
import { PinoNestLogger } from './platform/logging/nest-logger.js';
import { createRootLogger, ROOT_LOGGER, type RootLogger } from './platform/logging/root-logger.js';
import { stopOnSignals } from './platform/process-life.js';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  // PGlite's files are one process's: a second API on this DATA_DIR stops here, before opening them
  if (!config.databaseUrl) {
    try {
      lockDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirInUseError)) throw err;
      console.error(err.message);
      process.exit(1);
    }
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    // JSON lines from the first one: a start that fails (a refused schema) says why in the same format
    logger: new PinoNestLogger(createRootLogger(config.logLevel)),
    bodyParser: false,
  });
  configureApp(app);
  stopOnSignals(app, app.get<RootLogger>(ROOT_LOGGER), 'API');
  if (config.listenAddress) await app.listen(config.port, config.listenAddress);
  else await app.listen(config.port);
  app.get(PinoNestLogger).log({
    msg: `How's my Vibe? is listening on ${config.publicUrl} (API docs at /api/docs)`,
    port: config.port,
    lifecycle: 'started',
  });
}

void bootstrap();
