import { Module } from '@nestjs/common';
import { ConfirmationResender } from '../auth/login-mail.port';
import { UsersModule } from '../users/users.module';
import { AccountTokens } from './account-tokens.repository';
import { EmailConfirmations } from './email-confirmations.service';

/**
 * Account tokens and email confirmations: a layer below both sign-in and the account pages.
 * AuthModule imports it for its ConfirmationResender port (declared by auth, implemented here);
 * AccountModule imports AuthModule and this. Nothing here needs AuthModule, so there is no cycle.
 */
@Module({
  imports: [UsersModule],
  providers: [AccountTokens, EmailConfirmations, { provide: ConfirmationResender, useExisting: EmailConfirmations }],
  exports: [AccountTokens, EmailConfirmations, ConfirmationResender],
})
export class EmailConfirmationsModule {}
