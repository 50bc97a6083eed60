import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';

export interface PendingRegistration {
  id: string;
  username: string;
  nickname: string;
  email: string;
  createdDate: Date;
}

export interface AdminRecipient {
  id: string;
  nickname: string;
  email: string;
}

/**
 * What administration needs from the mail side: tell a user their registration was approved or
 * declined, and remind admins of registrations awaiting approval. `manager` is the transaction of
 * the status change, so a durable implementation enqueues the mail in it (sent only if the change
 * commits). The mail module overrides this provider with the real, queued implementation.
 */
export abstract class AccountNotifier {
  abstract registrationApproved(userId: string, manager: EntityManager): Promise<void>;
  abstract registrationDeclined(userId: string, manager: EntityManager): Promise<void>;
  abstract remindPendingApprovals(admins: AdminRecipient[], pending: PendingRegistration[]): Promise<void>;
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

  async remindPendingApprovals(admins: AdminRecipient[], pending: PendingRegistration[]): Promise<void> {
    this.logger.warn({ admins: admins.length, pending: pending.length }, 'No mailer configured: pending-approval reminder not sent');
  }
}
