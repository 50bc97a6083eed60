import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { translate } from '../../i18n/messages';
import { notificationBody, notificationTitle } from '../notifications/notification-text';
import type { Recipient, RecipientBatch } from '../notifications/recipients';
import type { DueReminder, ReminderOccurrence, ReminderSource } from '../notifications/reminder-source';
import { EARLIEST_ZONE } from '../notifications/reminder-source';
import { formatMoney } from '../../../domain/amount';
import { dayAfter, nextOnOrAfter } from '../../../domain/recurrence';
import { BillReminderRow, RecurringTransactionsRepository } from './recurring-transactions.repository';

export const BILL_REMINDER_SOURCE = 'BillReminder';
/** Bill reminders arrive at this wall-clock time in each member's time zone. */
export const BILL_REMINDER_TIME = { hour: 8, minute: 0 };

/**
 * Bill reminders of recurring transactions for the scheduler: every Active member of the group is
 * told "Rent €950.00 is due tomorrow" (with both amounts when it is paid in another currency: "Rent
 * CHF 84.00 (€89.12) is due tomorrow") `remindDaysBefore` days before each occurrence, at 08:00 in
 * their own time zone. A paused rule, or one of a group whose Budget module is off, reminds nobody
 * (and moves on).
 */
@Injectable()
export class BillReminderSource implements ReminderSource {
  readonly name = BILL_REMINDER_SOURCE;

  constructor(private readonly recurring: RecurringTransactionsRepository) {}

  /** A bill reminder opens the recurring transactions. */
  link(entityType: string | null): string | null {
    return entityType === 'RecurringTransaction' ? '/budget/recurring' : null;
  }

  async load(ids: string[], batch: RecipientBatch): Promise<DueReminder[]> {
    const rows = await this.recurring.lockBillReminders(ids);
    await batch.load(
      [],
      rows.map((row) => row.group_id),
    );
    return rows.map((row) => new DueBillReminder(row, batch));
  }

  async save(reminders: DueReminder[]): Promise<void> {
    await this.recurring.moveBillReminders((reminders as DueBillReminder[]).map((r) => ({ id: r.id, next: r.next })));
  }

  activeOf(userId: string): Promise<number> {
    return this.recurring.activeBillRemindersSetBy(userId);
  }

  remindersOf(userId: string): Promise<string[]> {
    return this.recurring.billRemindersOfMember(userId);
  }
}

/** The rule's amount in the group's currency, after what it is paid in when another currency: "CHF 84.00 (€89.12)". */
function billAmount(row: BillReminderRow, locale: string): string {
  const amount = formatMoney(row.amount, row.currency, locale);
  if (!row.original) return amount;
  const original = formatMoney(row.original.amount, row.original.currency, locale);
  return translate(locale, 'notifications.billReminder.both', { original, amount });
}

class DueBillReminder implements DueReminder {
  readonly id: string;
  next: string | null;

  constructor(
    private readonly row: BillReminderRow,
    private readonly batch: RecipientBatch,
  ) {
    this.id = row.id;
    this.next = row.remind_next_occurrence;
  }

  current(): ReminderOccurrence | null {
    const { row } = this;
    const occurrence = this.next;
    if (!occurrence) return null;
    const days = row.remind_days_before;
    const remindDate = DateTime.fromISO(occurrence, { zone: 'UTC' }).minus({ days }).toISODate()!;
    const setAt = row.remind_set_date.getTime();
    const recipients: ReminderOccurrence['recipients'] = [];
    for (const recipient of this.batch.membersOf(row.group_id)) {
      const at = DateTime.fromISO(remindDate, { zone: recipient.settings.timeZone }).set(BILL_REMINDER_TIME);
      if (at.toMillis() >= setAt) recipients.push({ recipient, at: at.toJSDate() });
    }
    return {
      key: `bill-reminder:${row.id}:${occurrence}`,
      earliest: DateTime.fromISO(remindDate, { zone: EARLIEST_ZONE }).set(BILL_REMINDER_TIME).toJSDate(),
      kind: 'BillReminder',
      entityType: 'RecurringTransaction',
      entityId: row.id,
      recipients,
      fires: () => row.is_enabled && row.module_on,
      text: (recipient: Recipient) => {
        const description = row.description ?? row.category_name ?? translate(recipient.locale, 'notifications.billReminder.untitled');
        const amount = billAmount(row, recipient.locale);
        return {
          title: notificationTitle(recipient.locale, 'notifications.billReminder.title', { description }, ['description']),
          body: notificationBody(recipient.locale, 'notifications.billReminder.body', { description, amount, days, type: row.type }, ['description']),
        };
      },
    };
  }

  advance(): void {
    if (!this.next) return;
    const rule = { frequency: this.row.frequency, interval: this.row.interval, startDate: this.row.start_date, endDate: this.row.end_date };
    this.next = nextOnOrAfter(rule, dayAfter(this.next));
  }
}
