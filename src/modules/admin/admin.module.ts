import { Module } from '@nestjs/common';
import { EmailConfirmationsModule } from '../account/email-confirmations.module';
import { AuthModule } from '../auth/auth.module';
import { GroupsModule } from '../groups/groups.module';
import { UsersModule } from '../users/users.module';
import { AccountNotifier } from './account-notifier.port';
import { MailAccountNotifier } from './mail-account-notifier';
import { PendingApprovalsReminder } from './pending-approvals.reminder';
import { UserInvitationsService } from './user-invitations.service';
import { UsersAdminController } from './users-admin.controller';
import { UsersAdminService } from './users-admin.service';

@Module({
  imports: [AuthModule, UsersModule, GroupsModule, EmailConfirmationsModule],
  controllers: [UsersAdminController],
  providers: [UsersAdminService, UserInvitationsService, PendingApprovalsReminder, { provide: AccountNotifier, useClass: MailAccountNotifier }],
  exports: [UserInvitationsService],
})
export class AdminModule {}
