import { Injectable } from '@nestjs/common';
import { NotificationsRepository } from './notifications.repository';

/** Read notifications are kept this many days after they were made (with their delivery records). */
export const READ_NOTIFICATION_DAYS = 90;
/** Delivery records (what each channel sent) are kept this many days. */
export const DELIVERY_RECORD_DAYS = 30;

const DAY_MS = 24 * 3_600_000;

/**
 * How long the notifier keeps what it wrote, for the daily housekeeping: read notifications older
 * than READ_NOTIFICATION_DAYS go with their delivery records (unread ones and those waiting for a
 * snooze stay, whatever their age), and delivery records older than DELIVERY_RECORD_DAYS go (a
 * delivery job is retried for minutes, never for days: nothing needs them after that).
 */
@Injectable()
export class NotificationRetention {
  constructor(private readonly notifications: NotificationsRepository) {}

  async removeOld(now: Date): Promise<{ notifications: number; deliveries: number }> {
    const deliveries = await this.notifications.removeDeliveriesBefore(new Date(now.getTime() - DELIVERY_RECORD_DAYS * DAY_MS));
    const notifications = await this.notifications.removeReadBefore(new Date(now.getTime() - READ_NOTIFICATION_DAYS * DAY_MS), now);
    return { notifications, deliveries };
  }
}
