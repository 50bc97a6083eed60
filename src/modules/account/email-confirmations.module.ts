import { Global, Module } from '@nestjs/common';
import { ConfirmationResender } from '../auth/login-mail.port';
import { AccountTokens } from './account-tokens.service';
import { EmailConfirmations } from './email-confirmations.service';

/**
 * Global so that sign-in (AuthModule) gets its ConfirmationResender without importing the account
 * module, which itself imports AuthModule for session revocation.
 */
@Global()
@Module({
  providers: [AccountTokens, EmailConfirmations, { provide: ConfirmationResender, useExisting: EmailConfirmations }],
  exports: [AccountTokens, EmailConfirmations, ConfirmationResender],
})
export class EmailConfirmationsModule {}
