import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { FilesModule } from '../files/files.module';
import { UsersModule } from '../users/users.module';
import { AccountPasswordsService } from './account-passwords.service';
import { EmailConfirmationsModule } from './email-confirmations.module';
import { AccountController } from './account.controller';
import { BirthdaysLayer } from './birthdays.layer';
import { ProfileService } from './profile.service';
import { RegistrationController } from './registration.controller';
import { RegistrationService } from './registration.service';

/** Registration, profile, password, email and picture (docs/accounts.md). Tokens and confirmations: EmailConfirmationsModule. */
@Module({
  imports: [AuthModule, UsersModule, FilesModule, EmailConfirmationsModule],
  controllers: [RegistrationController, AccountController],
  providers: [RegistrationService, AccountPasswordsService, ProfileService, BirthdaysLayer],
  exports: [RegistrationService, BirthdaysLayer],
})
export class AccountModule {}
