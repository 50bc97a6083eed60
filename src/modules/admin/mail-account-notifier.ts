import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MailService } from '../../infrastructure/mail/mail.service';
import { User } from '../users/entities/user.entity';
import { AccountNotifier, AdminRecipient, PendingRegistration } from './account-notifier.port';

/** Queues the approval, decline and reminder mails; status-change mails commit with the change. */
@Injectable()
export class MailAccountNotifier extends AccountNotifier {
  constructor(private readonly mail: MailService) {
    super();
  }

  async registrationApproved(userId: string, manager: EntityManager): Promise<void> {
    const user = await manager.getRepository(User).findOneByOrFail({ id: userId });
    await this.mail.enqueue(manager, { to: user.email, template: 'registration-approved', params: { nickname: user.nickname }, locale: user.locale });
  }

  async registrationDeclined(userId: string, manager: EntityManager): Promise<void> {
    const user = await manager.getRepository(User).findOneByOrFail({ id: userId });
    await this.mail.enqueue(manager, { to: user.email, template: 'registration-declined', params: { nickname: user.nickname }, locale: user.locale });
  }

  async remindPendingApprovals(admins: AdminRecipient[], pending: PendingRegistration[]): Promise<void> {
    for (const admin of admins) {
      await this.mail.enqueue(undefined, {
        to: admin.email,
        template: 'registrations-pending-reminder',
        params: { registrations: pending },
        locale: admin.locale,
      });
    }
  }
}
