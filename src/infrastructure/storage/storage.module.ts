import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { LocalStorage } from './local.storage';
import { StorageController } from './storage.controller';
import { StorageService } from './storage.service';

/**
 * Creates the storage driver of the configuration: S3 when S3_ENDPOINT is set, else local disk.
 * The S3 driver (minio with lodash, async and two XML libraries: ~15 MB resident) is required only
 * when it is the one configured.
 */
export function createStorage(config: AppConfig): StorageService {
  if (!config.s3.endpoint) return new LocalStorage(config);
  const { S3Storage } = require('./s3.storage') as typeof import('./s3.storage');
  return new S3Storage(config);
}

@Global()
@Module({
  controllers: [StorageController],
  providers: [{ provide: StorageService, inject: [AppConfig], useFactory: createStorage }],
  exports: [StorageService],
})
export class StorageModule {}
