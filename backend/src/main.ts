import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { ConfigError, loadConfig } from './config/env.js';
import { configureApp } from './platform/http/configure-app.js';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  configureApp(app);
  await app.listen(config.port);
  console.log(`How's my Vibe? is listening on ${config.publicUrl} (API docs at /api/docs)`);
}

void bootstrap();
