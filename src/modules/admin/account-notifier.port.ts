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
  locale: string | null;
}

/**
 * What administration needs from the mail side: tell a user their registration was approved or
 * declined, and remind admins of registrations awaiting approval. `manager` is the transaction of
 * the status change, so a durable implementation enqueues the mail in it (sent only if the change
 * commits). MailAccountNotifier is the implementation.
 */
export abstract class AccountNotifier {
  abstract registrationApproved(userId: string, manager: EntityManager): Promise<void>;
  abstract registrationDeclined(userId: string, manager: EntityManager): Promise<void>;
  abstract remindPendingApprovals(admins: AdminRecipient[], pending: PendingRegistration[]): Promise<void>;
}
