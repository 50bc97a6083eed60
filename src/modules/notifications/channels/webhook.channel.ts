import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { AddressRefused, postSafely } from '../outbound';
import type { Recipient } from '../recipients';
import { ChannelTarget, NotificationChannel, OutgoingNotification, payloadOf, RetryLater, SendOutcome, targetsEach } from './channel';

/** Redirects a webhook may take (each one checked like the URL itself). */
const MAX_REDIRECTS = 3;

/**
 * The user's webhook: a JSON POST `{title, body, kind, …}` (an ntfy topic with a message template,
 * or any endpoint). The address rule holds at every delivery, after DNS resolution and on every
 * redirect, not only when the URL was saved.
 */
@Injectable()
export class WebhookChannel implements NotificationChannel {
  readonly name = 'webhook' as const;

  constructor(private readonly config: AppConfig) {}

  async targets(recipients: Recipient[]): Promise<Map<string, ChannelTarget[]>> {
    return targetsEach(recipients, (r) => (r.settings.webhookUrl ? [{ key: r.settings.webhookUrl }] : []));
  }

  async send(target: ChannelTarget, n: OutgoingNotification): Promise<SendOutcome> {
    const payload = JSON.stringify(payloadOf(n));
    try {
      const response = await postSafely(target.key, { 'content-type': 'application/json', 'user-agent': 'Hearth' }, Buffer.from(payload), {
        allowPrivate: this.config.notifications.allowPrivateUrls,
        timeoutMs: this.config.notifications.sendTimeoutMs,
        maxRedirects: MAX_REDIRECTS,
      });
      if (response.status >= 200 && response.status < 300) return 'sent';
      if (response.status === 429 || response.status >= 500) throw new RetryLater(`webhook answered ${response.status}`);
      return 'refused';
    } catch (error) {
      if (error instanceof AddressRefused) return 'refused';
      if (error instanceof RetryLater) throw error;
      throw new RetryLater(`webhook not reached: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
