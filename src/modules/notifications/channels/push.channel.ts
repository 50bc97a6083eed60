import { Injectable } from '@nestjs/common';
import { onFirstUse } from '../../../common/first-use';
import { AppConfig } from '../../../config/app-config';
import { AddressRefused, postSafely } from '../outbound';
import { PushSubscriptionsRepository, PushTarget } from '../push-subscriptions.repository';
import type { Recipient } from '../recipients';
import { ChannelTarget, NotificationChannel, OutgoingNotification, payloadOf, RetryLater, SendOutcome } from './channel';

/** web-push and its encryption libraries (~1.5 MB of heap), loaded with the first push sent. */
const webPush = onFirstUse(() => require('web-push') as typeof import('web-push'));

/** How long a push service keeps a message for a device that is offline (seconds). */
const TTL_SECONDS = 24 * 3600;

/**
 * Web Push (RFC 8030) to every device the recipient subscribed: the payload encrypted with the
 * device's keys (RFC 8291, aes128gcm) and signed with the installation's VAPID key (RFC 8292),
 * both by the `web-push` library; the request is sent under the outbound address rule. A
 * subscription answered 404 or 410 is removed; 429 and 5xx are tried again later.
 */
@Injectable()
export class PushChannel implements NotificationChannel {
  readonly name = 'push' as const;

  constructor(
    private readonly config: AppConfig,
    private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  async targets(recipients: Recipient[]): Promise<Map<string, ChannelTarget[]>> {
    const wanting = recipients.filter((r) => r.settings.push).map((r) => r.id);
    const targets = new Map<string, ChannelTarget[]>();
    for (const s of await this.subscriptions.targetsOf(wanting)) {
      if (!targets.has(s.user_id)) targets.set(s.user_id, []);
      targets.get(s.user_id)!.push({ key: s.endpoint, data: s });
    }
    return targets;
  }

  async send(target: ChannelTarget, n: OutgoingNotification): Promise<SendOutcome> {
    const subscription = target.data as PushTarget;
    const payload = JSON.stringify(payloadOf(n));
    const { vapid, vapidSubject } = this.config.notifications;
    const request = webPush().generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: { subject: vapidSubject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    let status: number;
    try {
      const response = await postSafely(request.endpoint, request.headers as Record<string, string>, request.body as Buffer, {
        allowPrivate: this.config.notifications.allowPrivateUrls,
        timeoutMs: this.config.notifications.sendTimeoutMs,
        maxRedirects: 0,
      });
      status = response.status;
    } catch (error) {
      if (error instanceof AddressRefused) return 'refused';
      throw new RetryLater(`push service not reached: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) {
      await this.subscriptions.removeGone(subscription.id);
      return 'gone';
    }
    if (status === 429 || status >= 500) throw new RetryLater(`push service answered ${status}`);
    return 'refused';
  }
}
