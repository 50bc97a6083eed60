import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { GroupsModule } from '../groups/groups.module';
import { UsersModule } from '../users/users.module';
import { AccountNotifier } from './account-notifier.port';
import { MailAccountNotifier } from './mail-account-notifier';
import { PendingApprovalsReminder } from './pending-approvals.reminder';
import { UserAccountsRepository } from './user-accounts.repository';
import { UserInvitationsService } from './user-invitations.service';
import { UsersAdminController } from './users-admin.controller';
import { UsersAdminService } from './users-admin.service';

@Module({
  imports: [AuthModule, UsersModule, GroupsModule],
  controllers: [UsersAdminController],
  providers: [
    UsersAdminService,
    UserInvitationsService,
    UserAccountsRepository,
    PendingApprovalsReminder,
    { provide: AccountNotifier, useClass: MailAccountNotifier },
  ],
  exports: [UserInvitationsService, UserAccountsRepository],
})
export class AdminModule {}
