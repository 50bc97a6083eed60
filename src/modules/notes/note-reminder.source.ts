import { Injectable } from '@nestjs/common';
import { notificationBody, notificationTitle } from '../notifications/notification-text';
import type { Recipient, RecipientBatch } from '../notifications/recipients';
import { EARLIEST_ZONE, type DueReminder, type ReminderOccurrence, type ReminderSource } from '../notifications/reminder-source';
import { occurrenceIn } from './note-reminder-rule';
import { displayZone, ruleOf } from './note-reminder-view';
import { DueNoteReminderRow, NoteRemindersRepository } from './note-reminders.repository';

export const NOTE_REMINDER_SOURCE = 'NoteReminder';

/**
 * Notes' reminders for the scheduler: whom an occurrence reminds (the setter, the group's members
 * or the chosen ones; only the creator for a private note), when in each one's zone (the
 * reminder's own zone, or each recipient's), and that a note whose items are all completed, or of
 * a group whose Notes module is off, reminds nobody (the reminder moves on).
 */
@Injectable()
export class NoteReminderSource implements ReminderSource {
  readonly name = NOTE_REMINDER_SOURCE;

  constructor(private readonly reminders: NoteRemindersRepository) {}

  /** A note's notification opens the note. */
  link(entityType: string | null, entityId: string | null): string | null {
    return entityType === 'Note' && entityId ? `/notes/${entityId}` : null;
  }

  async load(ids: string[], batch: RecipientBatch): Promise<DueReminder[]> {
    const rows = await this.reminders.lockDue(ids);
    await batch.load(
      rows.flatMap((row) => [row.set_by, row.created_by, ...row.recipient_ids].filter((id): id is string => !!id)),
      rows.filter((row) => row.recipients === 'group' && !row.is_private).map((row) => row.group_id),
    );
    return rows.map((row) => new DueNoteReminder(row, batch));
  }

  async save(reminders: DueReminder[]): Promise<void> {
    await this.reminders.moveCursors((reminders as DueNoteReminder[]).map((r) => ({ id: r.id, nextIndex: r.nextIndex })));
  }

  activeOf(userId: string): Promise<number> {
    return this.reminders.activeSetBy(userId);
  }

  remindersOf(userId: string): Promise<string[]> {
    return this.reminders.remindingUser(userId);
  }
}

class DueNoteReminder implements DueReminder {
  readonly id: string;
  nextIndex: number | null;

  constructor(
    private readonly row: DueNoteReminderRow,
    private readonly batch: RecipientBatch,
  ) {
    this.id = row.id;
    this.nextIndex = row.next_index;
  }

  private whom(): Recipient[] {
    const { row, batch } = this;
    const inGroup = (r: Recipient | undefined): r is Recipient => !!r && r.groupId === row.group_id;
    if (row.is_private) return [batch.user(row.created_by ?? '')].filter(inGroup);
    if (row.recipients === 'group') return batch.membersOf(row.group_id);
    if (row.recipients === 'users') return row.recipient_ids.map((id) => batch.user(id)).filter(inGroup);
    return [batch.user(row.set_by ?? '')].filter(inGroup);
  }

  current(): ReminderOccurrence | null {
    const { row } = this;
    const n = this.nextIndex;
    if (n === null) return null;
    const rule = ruleOf(row);
    const nominal = occurrenceIn(rule, n, displayZone(row));
    if (!nominal) return null;
    const setAt = row.set_date.getTime();
    const recipients: ReminderOccurrence['recipients'] = [];
    for (const recipient of this.whom()) {
      const at = occurrenceIn(rule, n, row.time_zone ?? recipient.settings.timeZone);
      // an occurrence that fell before the reminder was set is never sent
      if (at && at.toMillis() >= setAt) recipients.push({ recipient, at: at.toJSDate() });
    }
    return {
      key: `note-reminder:${row.id}:${n}`,
      // its own zone: that time; each recipient's: the same wall-clock time in the zone furthest ahead
      earliest: row.time_zone ? nominal.toJSDate() : occurrenceIn(rule, n, EARLIEST_ZONE)!.toJSDate(),
      kind: 'NoteReminder',
      entityType: 'Note',
      entityId: row.note_id,
      recipients,
      fires: () => row.module_on && (row.item_count === 0 || row.open_count > 0),
      text: (recipient) => ({
        title: notificationTitle(recipient.locale, 'notifications.noteReminder.title', { title: row.title }, ['title']),
        body: notificationBody(recipient.locale, 'notifications.noteReminder.body', { title: row.title, open: row.open_count, count: row.item_count }, [
          'title',
        ]),
      }),
    };
  }

  advance(): void {
    if (this.nextIndex === null) return;
    const next = this.nextIndex + 1;
    this.nextIndex = occurrenceIn(ruleOf(this.row), next, displayZone(this.row)) ? next : null;
  }
}
