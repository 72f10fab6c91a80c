import { Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import path from 'node:path';
import { AppConfig } from '../../config/env.js';
import { OutageLog } from '../logging/outage-log.js';
import { LocalObjectStorage } from './local-object-storage.js';
import { ObjectStorage } from './object-storage.js';
import { S3ObjectStorage } from './s3-object-storage.js';

export function createObjectStorage(config: AppConfig): ObjectStorage {
  return config.s3 ? new S3ObjectStorage(config.s3) : new LocalObjectStorage(path.join(config.dataDir, 'media'));
}

@Global()
@Module({
  providers: [{ provide: ObjectStorage, useFactory: createObjectStorage, inject: [AppConfig] }],
  exports: [ObjectStorage],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(
    private readonly storage: ObjectStorage,
    outages: OutageLog,
  ) {
    // while storage is down, this tells when it answers again
    outages.probe('storage', () => storage.ping());
  }

  onApplicationShutdown(): void {
    if (this.storage instanceof S3ObjectStorage) this.storage.destroy();
  }
}
