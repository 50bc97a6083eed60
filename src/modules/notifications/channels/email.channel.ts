import { Injectable } from '@nestjs/common';
import { translate } from '../../../i18n/messages';
import { MailService } from '../../../infrastructure/mail/mail.service';
import type { Recipient } from '../recipients';
import { ChannelTarget, NotificationChannel, OutgoingNotification, RetryLater, SendOutcome, targetsEach } from './channel';

/** A mail to the account's address, through the configured mail (SMTP or the outbox). */
@Injectable()
export class EmailChannel implements NotificationChannel {
  readonly name = 'email' as const;

  constructor(private readonly mail: MailService) {}

  async targets(recipients: Recipient[]): Promise<Map<string, ChannelTarget[]>> {
    return targetsEach(recipients, (r) => (r.settings.email && r.email ? [{ key: r.email.toLowerCase() }] : []));
  }

  async send(_target: ChannelTarget, notification: OutgoingNotification, recipient: Recipient): Promise<SendOutcome> {
    try {
      await this.mail.deliver({
        to: recipient.email,
        template: 'notification',
        params: {
          subject: notification.title,
          greeting: translate(recipient.locale, 'mail.notification.greeting', { nickname: recipient.nickname }),
          body: notification.body,
          action: translate(recipient.locale, 'mail.notification.open'),
          url: notification.url,
        },
      });
      return 'sent';
    } catch (error) {
      throw new RetryLater(`mail not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
