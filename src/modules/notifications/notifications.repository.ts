import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { Sql } from '../../database/sql';
import { recordCreatedMany, recordUpdatedMany } from '../history/history-rows';
import { Notification } from './entities/notification.entity';
import { cut, NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from './notification-text';
import {
  DELIVERIES_RECORD,
  DELIVERIES_REMOVE_OLD,
  DELIVERIES_SENT,
  INBOX_COUNTS,
  INBOX_ITEM,
  INBOX_PAGE,
  INBOX_READ_ALL,
  InboxRow,
  NOTIFICATIONS_FOR_DELIVERY,
  NOTIFICATIONS_INSERT,
  NOTIFICATIONS_REMOVE_OLD_READ,
  REMINDERS_LOCK,
  SCHEDULE_LOCK_DUE,
  SCHEDULE_NEXT_DUE,
  SCHEDULE_RECHECK,
  SCHEDULE_REMOVE,
  SCHEDULE_RETRY,
  SCHEDULE_SET,
  TEST_COOLDOWN_REMAINING,
  TEST_LOCK,
} from './notifications.sql';

/** A notification to write: one recipient, one occurrence of a reminder. */
export interface NewNotification {
  id: string;
  recipientId: string;
  groupId: string;
  kind: string;
  occurrenceKey: string;
  title: string;
  body: string;
  entityType: string | null;
  entityId: string | null;
  dueDate: Date;
  late: boolean;
  outward: boolean;
}

/** An entry of the schedule: a feature's reminder. */
export interface DueEntry {
  source: string;
  source_id: string;
}

/** What a channel did with one target of one delivery. */
export interface DeliveryRecord {
  notificationId: string;
  attempt: number;
  channel: string;
  targetHash: string;
  outcome: string;
}

export interface DeliveryRow {
  id: string;
  recipient_id: string;
  kind: string;
  title: string;
  body: string;
  entity_type: string | null;
  entity_id: string | null;
  late: boolean;
  outward: boolean;
  created_date: string;
}

/** The SQL of `notifications`, `notification_deliveries` and `notification_schedule`. */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly sql: Sql) {}

  async nextDue(): Promise<Date | null> {
    const [row] = await this.sql.rows<{ due_at: Date | null }>(SCHEDULE_NEXT_DUE);
    return row?.due_at ?? null;
  }

  /** In the unit of work: due entries, locked (SKIP LOCKED). */
  lockDue(now: Date, limit: number): Promise<DueEntry[]> {
    return this.sql.rows(SCHEDULE_LOCK_DUE, [now, limit]);
  }

  /** In the unit of work: waits for any other reminder being set by the user (until the unit of work ends). */
  async lockReminders(userId: string): Promise<void> {
    await this.sql.rows(REMINDERS_LOCK, [userId]);
  }

  /** In the unit of work: an entry that failed is looked at again after a back-off that grows with its failures in a row. */
  async retryLater(entry: DueEntry, now: Date): Promise<{ dueAt: Date; failures: number }> {
    const [row] = await this.sql.rows<{ due_at: Date; failures: number }>(SCHEDULE_RETRY, [entry.source, entry.source_id, now]);
    return { dueAt: row?.due_at, failures: row?.failures };
  }

  async setDue(entries: { source: string; sourceId: string; dueAt: Date }[]): Promise<void> {
    if (!entries.length) return;
    await this.sql.rows(SCHEDULE_SET, [entries.map((e) => e.source), entries.map((e) => e.sourceId), entries.map((e) => e.dueAt)]);
  }

  /**
   * The entries (a person's reminders) due within a day are looked at again at `now`, or a minute after
   * the person's last such look (their zone or quiet hours changed).
   */
  async recheck(userId: string, entries: { source: string; sourceId: string }[], now: Date): Promise<void> {
    if (!entries.length) return;
    await this.sql.rows(SCHEDULE_RECHECK, [userId, entries.map((e) => e.source), entries.map((e) => e.sourceId), now]);
  }

  async removeDue(entries: { source: string; sourceId: string }[]): Promise<void> {
    if (!entries.length) return;
    await this.sql.rows(SCHEDULE_REMOVE, [entries.map((e) => e.source), entries.map((e) => e.sourceId)]);
  }

  /**
   * In the unit of work: inserts the notifications a recipient does not have yet, with their history
   * rows (the recipients' live events); answers the ids really inserted and whether each goes out.
   */
  async insertMany(manager: EntityManager, rows: NewNotification[]): Promise<{ id: string; outward: boolean }[]> {
    if (!rows.length) return [];
    const column = <K extends keyof NewNotification>(key: K) => rows.map((row) => row[key]);
    const inserted = await this.sql.rows<{
      id: string;
      recipient_id: string;
      group_id: string;
      kind: string;
      title: string;
      entity_type: string | null;
      entity_id: string | null;
      created_date: Date;
      outward: boolean;
    }>(NOTIFICATIONS_INSERT, [
      column('id'),
      column('recipientId'),
      column('groupId'),
      column('kind'),
      column('occurrenceKey'),
      // the texts are made to fit (notification-text.ts); cut here too, so no text can fail the batch
      rows.map((row) => cut(row.title, NOTIFICATION_TITLE_MAX)),
      rows.map((row) => cut(row.body, NOTIFICATION_BODY_MAX)),
      column('entityType'),
      column('entityId'),
      column('dueDate'),
      column('late'),
      column('outward'),
    ]);
    await recordCreatedMany(
      manager,
      Notification,
      inserted.map((row) =>
        Object.assign(new Notification(), { id: row.id, recipientId: row.recipient_id, groupId: row.group_id, kind: row.kind, title: row.title, readAt: null }),
      ),
    );
    return inserted.map((row) => ({ id: row.id, outward: row.outward }));
  }

  /** Removes the delivery records written before `before`; how many. */
  async removeDeliveriesBefore(before: Date): Promise<number> {
    const [row] = await this.sql.rows<{ n: number }>(DELIVERIES_REMOVE_OLD, [before]);
    return row.n;
  }

  /** Removes the read notifications made before `before` (with their delivery records), unless a snooze will deliver them again after `now`; how many. */
  async removeReadBefore(before: Date, now: Date): Promise<number> {
    const [row] = await this.sql.rows<{ n: number }>(NOTIFICATIONS_REMOVE_OLD_READ, [before, now]);
    return row.n;
  }

  page(userId: string, unreadOnly: boolean, limit: number, offset: number): Promise<InboxRow[]> {
    return this.sql.rows<InboxRow>(INBOX_PAGE, [userId, unreadOnly, limit, offset]);
  }

  async counts(userId: string, unreadOnly: boolean): Promise<{ total: number; unread: number }> {
    const [row] = await this.sql.rows<{ total: number; unread: number }>(INBOX_COUNTS, [userId, unreadOnly]);
    return row;
  }

  async item(userId: string, id: string): Promise<InboxRow | undefined> {
    const [row] = await this.sql.rows<InboxRow>(INBOX_ITEM, [userId, id]);
    return row;
  }

  /** The recipient's notification, locked, as an entity (its read state is saved through the history subscriber). */
  lockOfRecipient(manager: EntityManager, userId: string, id: string): Promise<Notification | null> {
    return manager.findOne(Notification, { where: { id, recipientId: userId }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * In the unit of work: marks every unread notification of `userId` read at `at`, in one statement,
   * with the history rows save() would write (the recipient's live events, one a notification).
   */
  async readAll(manager: EntityManager, userId: string, at: Date): Promise<void> {
    const read = await this.sql.rows<{ id: string; group_id: string; kind: string; title: string }>(INBOX_READ_ALL, [userId, at]);
    await recordUpdatedMany(
      manager,
      Notification,
      read.map((row) =>
        Object.assign(new Notification(), { id: row.id, recipientId: userId, groupId: row.group_id, kind: row.kind, title: row.title, readAt: at }),
      ),
      { readAt: null },
    );
  }

  /** Snoozed notifications whose time has come: unread again, through save() (the recipient's badge hears of it). */
  async wakeSnoozed(manager: EntityManager, ids: string[]): Promise<void> {
    const due = await manager.find(Notification, { where: { id: In(ids) }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
    for (const notification of due) {
      if (notification.snoozedUntil === null) continue;
      notification.readAt = null;
      notification.snoozedUntil = null;
      await manager.save(notification);
    }
  }

  async save(manager: EntityManager, notification: Notification): Promise<void> {
    await manager.save(notification);
  }

  /** In the unit of work: waits for any other test of the user, then answers the seconds left of the cooldown. */
  async secondsUntilNextTest(userId: string, cooldownSeconds: number): Promise<number> {
    await this.sql.rows(TEST_LOCK, [userId]);
    const [row] = await this.sql.rows<{ remaining: number }>(TEST_COOLDOWN_REMAINING, [userId, cooldownSeconds]);
    return Math.max(0, row.remaining);
  }

  async forDeliveryMany(ids: string[]): Promise<Map<string, DeliveryRow>> {
    const rows = await this.sql.rows<DeliveryRow>(NOTIFICATIONS_FOR_DELIVERY, [ids]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** What was sent already of each delivery (`<id>:<attempt>` → `<channel>:<target hash>`). */
  async sentTargetsMany(deliveries: { id: string; attempt: number }[]): Promise<Map<string, Set<string>>> {
    const rows = await this.sql.rows<{ notification_id: string; attempt: number; channel: string; target_hash: string }>(DELIVERIES_SENT, [
      deliveries.map((d) => d.id),
      deliveries.map((d) => d.attempt),
    ]);
    const sent = new Map<string, Set<string>>();
    for (const row of rows) {
      const key = `${row.notification_id}:${row.attempt}`;
      if (!sent.has(key)) sent.set(key, new Set());
      sent.get(key)!.add(`${row.channel}:${row.target_hash}`);
    }
    return sent;
  }

  async recordDeliveries(records: DeliveryRecord[]): Promise<void> {
    if (!records.length) return;
    const column = <K extends keyof DeliveryRecord>(key: K) => records.map((record) => record[key]);
    await this.sql.rows(DELIVERIES_RECORD, [column('notificationId'), column('attempt'), column('channel'), column('targetHash'), column('outcome')]);
  }
}
