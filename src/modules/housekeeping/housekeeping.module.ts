import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { EmailConfirmationsModule } from '../account/email-confirmations.module';
import { AuthModule } from '../auth/auth.module';
import { BudgetModule } from '../budget/budget.module';
import { FilesModule } from '../files/files.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { HousekeepingService } from './housekeeping.service';

@Module({
  imports: [AuthModule, FilesModule, AccountModule, EmailConfirmationsModule, BudgetModule, NotificationsModule],
  providers: [HousekeepingService],
})
export class HousekeepingModule {}
