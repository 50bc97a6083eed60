import { Injectable, Logger } from '@nestjs/common';

/**
 * What sign-in needs from the mail side: re-send the confirmation email when an unconfirmed user
 * tries to log in. The account module provides the real implementation (durable, with cooldown).
 */
export abstract class ConfirmationResender {
  abstract resendOnLogin(userId: string): Promise<void>;
}

/** Used until a mail-capable module overrides the provider: logs instead of sending. */
@Injectable()
export class LoggingConfirmationResender extends ConfirmationResender {
  private readonly logger = new Logger(ConfirmationResender.name);

  async resendOnLogin(userId: string): Promise<void> {
    this.logger.warn({ userId }, 'No mailer configured: confirmation email not re-sent');
  }
}
