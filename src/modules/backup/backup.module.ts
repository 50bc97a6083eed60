import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { StorageService } from '../../infrastructure/storage/storage.service';
import { BackupJobsRepository } from './backup-jobs.repository';
import { BackupService } from './backup.service';
import { BackupsController } from './backups.controller';
import { BackupsService } from './backups.service';

@Module({
  controllers: [BackupsController],
  providers: [
    {
      provide: BackupService,
      inject: [AppConfig, StorageService],
      useFactory: (config: AppConfig, storage: StorageService) => new BackupService(config, storage),
    },
    BackupJobsRepository,
    BackupsService,
  ],
})
export class BackupModule {}
