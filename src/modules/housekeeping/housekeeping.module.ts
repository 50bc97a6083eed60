import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuthModule } from '../auth/auth.module';
import { FilesModule } from '../files/files.module';
import { HousekeepingService } from './housekeeping.service';

@Module({
  imports: [AuthModule, FilesModule, AccountModule],
  providers: [HousekeepingService],
})
export class HousekeepingModule {}
