import type { Recipient } from '../recipients';

/** What every outward channel carries: the same title and body as the inbox item. */
export interface OutgoingNotification {
  id: string;
  kind: string;
  title: string;
  body: string;
  entityType: string | null;
  entityId: string | null;
  late: boolean;
  createdDate: string;
  /** where the app shows what it is about */
  url: string;
}

/** The JSON a push message and a webhook carry (the same `title` and `body` as the inbox item). */
export function payloadOf(n: OutgoingNotification): Record<string, unknown> {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    entityType: n.entityType,
    entityId: n.entityId,
    late: n.late,
    createdDate: n.createdDate,
    url: n.url,
  };
}

/** One place a channel sends to: a device's subscription, a mail address, a URL. */
export interface ChannelTarget {
  /** what identifies the target in the record of what was sent (hashed there) */
  key: string;
  /** the channel's own data about the target */
  data?: unknown;
}

/** How a send ended: accepted; or given up for good (`gone`: the target no longer exists and was removed). */
export type SendOutcome = 'sent' | 'gone' | 'refused';

/** A failure worth trying again later (a push service's 429 or 5xx, a network error, an SMTP outage). */
export class RetryLater extends Error {}

/**
 * An outward channel of the notifier. The inbox is not one of these: every notification is its
 * inbox item, written when it falls due.
 */
export interface NotificationChannel {
  readonly name: 'push' | 'email' | 'webhook';
  /** Where each recipient wants it on this channel (none when they chose not to), for a batch at once. */
  targets(recipients: Recipient[]): Promise<Map<string, ChannelTarget[]>>;
  /** Sends to one target; throws RetryLater for a passing failure. */
  send(target: ChannelTarget, notification: OutgoingNotification, recipient: Recipient): Promise<SendOutcome>;
}

export const NOTIFICATION_CHANNELS_TOKEN = Symbol('NotificationChannels');

/** `targets` of a channel whose target follows from the recipient alone (no look-up). */
export function targetsEach(recipients: Recipient[], of: (recipient: Recipient) => ChannelTarget[]): Map<string, ChannelTarget[]> {
  return new Map(recipients.map((recipient) => [recipient.id, of(recipient)]));
}
