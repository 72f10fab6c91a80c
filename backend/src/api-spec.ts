import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { loadConfig } from './config/env.js';
import { apiDocument } from './platform/http/api-document.js';

/**
 * Prints the OpenAPI document the API serves, as JSON, with no database or network: Nest's preview
 * mode builds the module graph (controllers, routes, DTO metadata) and instantiates no provider.
 * The default config, not the environment's, so every machine prints the same document.
 */
async function printApiSpec(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-api-spec-'));
  try {
    const app = await NestFactory.create<NestExpressApplication>(
      AppModule.register(loadConfig({ DATA_DIR: dataDir })),
      {
        preview: true,
        logger: false,
        abortOnError: false,
      },
    );
    process.stdout.write(`${JSON.stringify(apiDocument(app), null, 2)}\n`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await printApiSpec();
