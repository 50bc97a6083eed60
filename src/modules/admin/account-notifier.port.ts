import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/**
 * What administration needs from the mail side: tell a user their registration was approved or
 * declined. `manager` is the transaction of the status change, so a durable implementation can
 * enqueue the mail job in it (the mail is sent only if the change commits).
 */
export abstract class AccountNotifier {
  abstract registrationApproved(userId: string, manager: EntityManager): Promise<void>;
  abstract registrationDeclined(userId: string, manager: EntityManager): Promise<void>;
}

/** Used until a mail-capable module overrides the provider: logs instead of sending. */
@Injectable()
export class LoggingAccountNotifier extends AccountNotifier {
  private readonly logger = new Logger(AccountNotifier.name);

  async registrationApproved(userId: string): Promise<void> {
    this.logger.warn({ userId }, 'No mailer configured: approval email not sent');
  }

  async registrationDeclined(userId: string): Promise<void> {
    this.logger.warn({ userId }, 'No mailer configured: decline email not sent');
  }
}
