import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { GroupsModule } from '../groups/groups.module';
import { UsersModule } from '../users/users.module';
import { AccountNotifier, LoggingAccountNotifier } from './account-notifier.port';
import { UsersAdminController } from './users-admin.controller';
import { UsersAdminService } from './users-admin.service';

@Module({
  imports: [AuthModule, UsersModule, GroupsModule],
  controllers: [UsersAdminController],
  providers: [UsersAdminService, { provide: AccountNotifier, useClass: LoggingAccountNotifier }],
})
export class AdminModule {}
