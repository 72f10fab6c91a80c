import { loadConfigOrExit } from './config/env.js';
import { createRootLogger } from './platform/logging/root-logger.js';
import { S3ObjectStorage } from './platform/storage/s3-object-storage.js';

const ATTEMPTS = 30;
const RETRY_MS = 2_000;

/**
 * The `bucket-init` service of docker-compose.yml: creates S3_BUCKET when it is missing, then
 * exits. The API never creates buckets; this runs once before it, with the same settings.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createRootLogger(config.logLevel);
  if (!config.s3) {
    log.fatal('S3_BUCKET is not set: there is no bucket to create');
    process.exit(1);
  }
  const storage = new S3ObjectStorage(config.s3);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await storage.ensureBucket();
        log.info(`Bucket ${config.s3.bucket} ${outcome === 'created' ? 'created' : 'already exists'}`);
        return;
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        // a refusal (403, 400…) will not change by waiting; no answer or a 5xx means the server is still starting
        if ((status !== undefined && status < 500) || attempt >= ATTEMPTS) {
          log.error({ err }, `Could not create bucket ${config.s3.bucket}`);
          process.exitCode = 1;
          return;
        }
        log.warn(`S3 not reachable yet (${(err as Error).message}); retrying`);
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  } finally {
    storage.destroy();
  }
}

void main();
