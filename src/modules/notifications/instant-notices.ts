import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { newId } from '../../database/base.entity';
import type { UserNotificationSettings } from './notification-settings.repository';
import { NewNotification, NotificationsRepository } from './notifications.repository';
import { Notifier } from './notifier.service';
import { afterQuietHours } from './quiet-hours';
import { Recipient, RecipientDirectory } from './recipients';

/** A notice told at once to some members of a group (not a scheduled reminder). */
export interface Notice {
  groupId: string;
  /** the kind of notification ('ShoppingTrip', …) */
  kind: string;
  /** unique per recipient: the same notice is never told twice */
  occurrenceKey: string;
  entityType: string | null;
  entityId: string | null;
  /** who is told: the group's Active members but these */
  except: string[];
  /** whether a recipient wants this kind (their settings) */
  wants: (settings: UserNotificationSettings) => boolean;
  /** the title and body in the recipient's language */
  text: (recipient: Recipient) => { title: string; body: string };
}

/**
 * Notices that happen now ("Anna is shopping (REWE) — anything else?"): written to each
 * recipient's inbox in the caller's transaction, and sent through their channels once it commits
 * (the notifier's delivery job). Inside someone's quiet hours only the inbox gets it: a message about
 * now is worth nothing when they end.
 */
@Injectable()
export class InstantNotices {
  constructor(
    private readonly recipients: RecipientDirectory,
    private readonly notifications: NotificationsRepository,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
  ) {}

  /** Tells the notice; answers how many were told. */
  async tell(manager: EntityManager, notice: Notice): Promise<number> {
    const batch = this.recipients.batch();
    await batch.load([], [notice.groupId]);
    const now = this.clock.now();
    const rows: NewNotification[] = batch
      .membersOf(notice.groupId)
      .filter((recipient) => !notice.except.includes(recipient.id) && notice.wants(recipient.settings))
      .map((recipient) => {
        const { title, body } = notice.text(recipient);
        const { timeZone, quietFrom, quietTo } = recipient.settings;
        const quiet = afterQuietHours(now, timeZone, quietFrom, quietTo).getTime() !== now.getTime();
        return {
          id: newId(),
          recipientId: recipient.id,
          groupId: notice.groupId,
          kind: notice.kind,
          occurrenceKey: notice.occurrenceKey,
          title,
          body,
          entityType: notice.entityType,
          entityId: notice.entityId,
          dueDate: now,
          late: false,
          outward: !quiet,
        };
      });
    const inserted = await this.notifications.insertMany(manager, rows);
    const outward = inserted.filter((row) => row.outward).map((row) => row.id);
    if (outward.length) await this.notifier.enqueue(manager, outward);
    return inserted.length;
  }
}
