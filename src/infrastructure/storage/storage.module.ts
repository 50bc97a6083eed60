import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { LocalStorage } from './local.storage';
import { S3Storage } from './s3.storage';
import { StorageController } from './storage.controller';
import { StorageService } from './storage.service';

/** Creates the storage driver of the configuration: S3 when S3_ENDPOINT is set, else local disk. */
export function createStorage(config: AppConfig): StorageService {
  return config.s3.endpoint ? new S3Storage(config) : new LocalStorage(config);
}

@Global()
@Module({
  controllers: [StorageController],
  providers: [{ provide: StorageService, inject: [AppConfig], useFactory: createStorage }],
  exports: [StorageService],
})
export class StorageModule {}
