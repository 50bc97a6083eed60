import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { StorageService } from './storage.service';

/** The storage of the configuration, outside Nest too (CLI backup and restore). */
export function createStorage(config: AppConfig): StorageService {
  return new StorageService(config);
}

@Global()
@Module({ providers: [StorageService], exports: [StorageService] })
export class StorageModule {}
