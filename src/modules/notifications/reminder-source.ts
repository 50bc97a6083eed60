import type { NotificationKind } from './dto/notification.dto';
import type { Recipient, RecipientBatch } from './recipients';

/** The zone furthest ahead of UTC (+14): a wall-clock time comes there first. */
export const EARLIEST_ZONE = 'Pacific/Kiritimati';

/** A notification's text for one recipient, in their language. */
export interface NotificationText {
  title: string;
  body: string;
}

/** One occurrence of a reminder: whom it reminds, when each (before quiet hours), and of what. */
export interface ReminderOccurrence {
  /** unique per reminder and occurrence (a recipient gets each key at most once) */
  key: string;
  kind: NotificationKind;
  entityType: string | null;
  entityId: string | null;
  /**
   * the earliest time this occurrence can be due for anyone (in any zone): while it has not come,
   * an occurrence with nobody to remind yet is waited for, not skipped (someone may join by then)
   */
  earliest: Date;
  /** each recipient with the time it is due for them; recipients it was set too late for are left out */
  recipients: { recipient: Recipient; at: Date }[];
  /** false: this occurrence reminds nobody (a note whose items are all completed) but counts as done */
  fires(): boolean;
  text(recipient: Recipient): NotificationText;
}

/** A reminder loaded for the scheduler, in its transaction, holding its row lock. */
export interface DueReminder {
  readonly id: string;
  /** The occurrence it is at; null when none is left. */
  current(): ReminderOccurrence | null;
  /** Moves on to the next occurrence. */
  advance(): void;
}

/**
 * A feature's reminders (a note's reminder, a bill reminder): the source decides who is reminded
 * and when; the scheduler decides when that is due (quiet hours, lateness) and the notifier how.
 */
export interface ReminderSource {
  /** The name of its entries in the schedule ('NoteReminder', 'BillReminder'). */
  readonly name: string;
  /**
   * Where the app shows what a notification of this feature is about (a path: '/notes/<id>'), for
   * the link a push, an e-mail or a webhook carries; null when the notification is not one of its
   * own (another feature's entity type).
   */
  link(entityType: string | null, entityId: string | null): string | null;
  /**
   * The reminders `ids` (a missing one is gone), locked in the current unit of work, with every
   * recipient they need loaded into `recipients`.
   */
  load(ids: string[], recipients: RecipientBatch): Promise<DueReminder[]>;
  /** Writes where each reminder is (its cursor), in the scheduler's transaction. */
  save(reminders: DueReminder[]): Promise<void>;
  /** How many of its reminders with occurrences left `userId` set (they count towards the person's limit). */
  activeOf(userId: string): Promise<number>;
  /** The ids of its reminders that may remind `userId` (whose times depend on that person's zone and quiet hours). */
  remindersOf(userId: string): Promise<string[]>;
}

/**
 * The features' reminder sources, one list (docs/architecture.md, "Registering with another
 * feature"): provided by the registrations module, injected by the scheduler and the notifier.
 */
export const REMINDER_SOURCES = Symbol('ReminderSources');
