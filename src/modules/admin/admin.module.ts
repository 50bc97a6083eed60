import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { GroupsModule } from '../groups/groups.module';
import { UsersModule } from '../users/users.module';
import { AccountNotifier } from './account-notifier.port';
import { MailAccountNotifier } from './mail-account-notifier';
import { PendingApprovalsReminder } from './pending-approvals.reminder';
import { UsersAdminController } from './users-admin.controller';
import { UsersAdminService } from './users-admin.service';

@Module({
  imports: [AuthModule, UsersModule, GroupsModule],
  controllers: [UsersAdminController],
  providers: [UsersAdminService, PendingApprovalsReminder, { provide: AccountNotifier, useClass: MailAccountNotifier }],
})
export class AdminModule {}
