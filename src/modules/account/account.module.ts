import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { FilesModule } from '../files/files.module';
import { UsersModule } from '../users/users.module';
import { AccountPasswordsService } from './account-passwords.service';
import { AccountController } from './account.controller';
import { ProfileService } from './profile.service';
import { RegistrationController } from './registration.controller';
import { RegistrationService } from './registration.service';

/** SPEC 4.3: registration, profile, password, email and picture. Tokens and confirmations: EmailConfirmationsModule (global). */
@Module({
  imports: [AuthModule, UsersModule, FilesModule],
  controllers: [RegistrationController, AccountController],
  providers: [RegistrationService, AccountPasswordsService, ProfileService],
  exports: [RegistrationService],
})
export class AccountModule {}
