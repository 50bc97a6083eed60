import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import type { EntityManager } from 'typeorm';
import { newId } from '../../database/base.entity';
import { inSavepoint, UnitOfWork } from '../../database/transaction';
import { lateTitle } from './notification-text';
import { DueEntry, NewNotification, NotificationsRepository } from './notifications.repository';
import { Notifier } from './notifier.service';
import { afterQuietHours } from './quiet-hours';
import { RecipientDirectory } from './recipients';
import { REMINDER_SOURCES, type DueReminder, type ReminderSource } from './reminder-source';

/** Schedule entries handled per transaction. */
const BATCH = 500;
/** Occurrences one reminder may go through in one transaction (a long outage is caught up in steps). */
const STEPS = 50;
/** Reminders with occurrences left one person may have set (note and bill reminders together). */
export const MAX_ACTIVE_REMINDERS = 500;
/** Sent later than this after its time, a notification is marked late. */
export const LATE_AFTER_MS = 5 * 60_000;
/**
 * A reminder is looked at again within a day at the latest, even when its next time is further off:
 * a recipient who moves to a zone up to 26 h ahead is then caught by `recheckFor`.
 */
const LOOK_AHEAD_MS = 24 * 3_600_000;
/** Later than this, it goes to the inbox only. */
export const INBOX_ONLY_AFTER_MS = 24 * 3_600_000;

/**
 * Turns reminders into notifications when they are due. Each instance looks at the schedule's
 * earliest entry (one indexed statement) at most every NOTIFY_TICK_MS, or at that entry's time if
 * sooner. Due entries are taken `FOR UPDATE SKIP LOCKED`, so each is handled by one instance; the
 * notifications are inserted with `ON CONFLICT DO NOTHING` on (recipient, occurrence), the cursor
 * moves and the delivery jobs are queued in the same transaction: every occurrence reaches each
 * recipient once, whichever instance runs it and however often.
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReminderScheduler');
  private readonly sources = new Map<string, ReminderSource>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly config: AppConfig,
    private readonly unitOfWork: UnitOfWork,
    private readonly notifications: NotificationsRepository,
    private readonly recipients: RecipientDirectory,
    private readonly notifier: Notifier,
    @Inject(REMINDER_SOURCES) sources: ReminderSource[],
  ) {
    for (const source of sources) this.sources.set(source.name, source);
  }

  /** Puts a reminder into the schedule (in the caller's unit of work): it is looked at when `dueAt` comes. */
  async schedule(source: string, sourceId: string, dueAt: Date): Promise<void> {
    await this.notifications.setDue([{ source, sourceId, dueAt }]);
  }

  /**
   * In the caller's unit of work, before `userId` sets a reminder that is not one of theirs yet:
   * 400 TOO_MANY_REMINDERS when they have MAX_ACTIVE_REMINDERS with occurrences left already. Holds
   * a lock on the person until the unit of work ends, so two reminders set at once count as two.
   */
  async assertRoomFor(userId: string): Promise<void> {
    await this.notifications.lockReminders(userId);
    let active = 0;
    for (const source of this.sources.values()) active += await source.activeOf(userId);
    if (active >= MAX_ACTIVE_REMINDERS) {
      throw AppError.overLimit(
        400,
        'TOO_MANY_REMINDERS',
        `A member may have at most ${MAX_ACTIVE_REMINDERS} active reminders; remove one before setting another`,
        'reminders',
        MAX_ACTIVE_REMINDERS,
      );
    }
  }

  async unschedule(source: string, sourceId: string): Promise<void> {
    await this.notifications.removeDue([{ source, sourceId }]);
  }

  /**
   * When someone's zone or quiet hours change (their settings saved): the reminders that may remind
   * them and are due within a day are worked out again, now, or a minute after the last time this
   * was done for them (at most once a minute a person). Nobody else's reminders are touched.
   */
  async recheckFor(userId: string, now: Date): Promise<void> {
    const entries: { source: string; sourceId: string }[] = [];
    for (const source of this.sources.values()) {
      for (const sourceId of await source.remindersOf(userId)) entries.push({ source: source.name, sourceId });
    }
    await this.notifications.recheck(userId, entries, now);
  }

  onApplicationBootstrap(): void {
    if (this.config.jobs.enabled && this.config.notifications.tickMs > 0) this.plan(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private plan(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((error) => {
          this.logger.error({ err: error }, 'reminder scheduler tick failed');
          return this.config.notifications.tickMs;
        })
        .then((next) => this.plan(next));
    }, delayMs);
    this.timer.unref();
  }

  /** One look: runs what is due; answers how long to wait for the next look. */
  private async tick(): Promise<number> {
    const next = await this.notifications.nextDue();
    const now = Date.now();
    if (next && next.getTime() <= now) {
      await this.runDue(new Date(now));
      return 0;
    }
    const tick = this.config.notifications.tickMs;
    return next ? Math.min(tick, next.getTime() - now) : tick;
  }

  /**
   * Handles every entry due at `now` (the clock is the caller's: tests pass theirs); answers how
   * many notifications were made. A batch is written in a savepoint; when anything in it fails
   * (a reminder its source cannot load, a notification its table refuses), the batch is undone and
   * each entry is handled again in a savepoint of its own: the ones that fail are logged and
   * looked at again later (`retryLater`), the others are sent now.
   */
  async runDue(now: Date): Promise<number> {
    let made = 0;
    for (;;) {
      const step = await this.unitOfWork.run(async (manager) => {
        const entries = await this.notifications.lockDue(now, BATCH);
        try {
          return { entries: entries.length, made: await inSavepoint(manager, () => this.handle(manager, entries, now)) };
        } catch (error) {
          if (entries.length === 1) {
            await this.failed(entries[0], now, error);
            return { entries: 1, made: 0 };
          }
        }
        let inserted = 0;
        for (const entry of entries) {
          try {
            inserted += await inSavepoint(manager, () => this.handle(manager, [entry], now));
          } catch (error) {
            await this.failed(entry, now, error);
          }
        }
        return { entries: entries.length, made: inserted };
      });
      made += step.made;
      if (step.entries < BATCH) return made;
    }
  }

  /** One entry could not be handled (its savepoint is undone): logged, and looked at again later, alone. */
  private async failed(entry: DueEntry, now: Date, error: unknown): Promise<void> {
    const retry = await this.notifications.retryLater(entry, now);
    this.logger.error(
      { err: error, source: entry.source, sourceId: entry.source_id, failures: retry.failures, retryAt: retry.dueAt },
      'reminder could not be written; retried later',
    );
  }

  /** Writes the notifications of `entries` (locked), moves their cursors and next looks; answers how many were made. */
  private async handle(manager: EntityManager, entries: DueEntry[], now: Date): Promise<number> {
    const due: NewNotification[] = [];
    const batch = this.recipients.batch();
    for (const [name, ids] of groupBySource(entries)) {
      const source = this.sources.get(name);
      if (!source) {
        // a feature this instance does not run (an older instance during an upgrade): look again later
        await this.notifications.setDue(ids.map((sourceId) => ({ source: name, sourceId, dueAt: new Date(now.getTime() + 3_600_000) })));
        continue;
      }
      const reminders = await source.load(ids, batch);
      const found = new Set(reminders.map((r) => r.id));
      const next: { source: string; sourceId: string; dueAt: Date }[] = [];
      const done = ids.filter((id) => !found.has(id)).map((sourceId) => ({ source: name, sourceId }));
      for (const reminder of reminders) {
        const dueAt = this.collect(reminder, now, due);
        if (dueAt) next.push({ source: name, sourceId: reminder.id, dueAt });
        else done.push({ source: name, sourceId: reminder.id });
      }
      await source.save(reminders);
      await this.notifications.setDue(next);
      await this.notifications.removeDue(done);
    }
    const inserted = await this.notifications.insertMany(manager, due);
    await this.notifier.enqueue(
      manager,
      inserted.filter((n) => n.outward).map((n) => n.id),
    );
    return inserted.length;
  }

  /**
   * Goes through the reminder's occurrences that are due for someone at `now`, adding a
   * notification for each recipient whose time (after their quiet hours) has come; answers when the
   * reminder next needs a look (null: never again).
   */
  private collect(reminder: DueReminder, now: Date, out: NewNotification[]): Date | null {
    for (let step = 0; step < STEPS; step++) {
      const occurrence = reminder.current();
      if (!occurrence) return null;
      let pending: number | null = null;
      let fires: boolean | undefined;
      for (const { recipient, at } of occurrence.recipients) {
        const { timeZone, quietFrom, quietTo } = recipient.settings;
        const dueAt = afterQuietHours(at, timeZone, quietFrom, quietTo);
        if (dueAt.getTime() > now.getTime()) {
          pending = Math.min(pending ?? Infinity, dueAt.getTime());
          continue;
        }
        fires ??= occurrence.fires();
        if (!fires) continue;
        const lateBy = now.getTime() - dueAt.getTime();
        const text = occurrence.text(recipient);
        const late = lateBy > LATE_AFTER_MS;
        out.push({
          id: newId(),
          recipientId: recipient.id,
          groupId: recipient.groupId,
          kind: occurrence.kind,
          occurrenceKey: occurrence.key,
          title: late ? lateTitle(recipient.locale, text.title) : text.title,
          body: text.body,
          entityType: occurrence.entityType,
          entityId: occurrence.entityId,
          dueDate: dueAt,
          late,
          outward: lateBy <= INBOX_ONLY_AFTER_MS,
        });
      }
      if (pending === null && occurrence.earliest.getTime() > now.getTime()) pending = occurrence.earliest.getTime();
      if (pending !== null) return new Date(Math.min(pending, now.getTime() + LOOK_AHEAD_MS));
      reminder.advance();
    }
    // more occurrences to catch up than one step takes: the next batch goes on
    return now;
  }
}

function groupBySource(entries: DueEntry[]): Map<string, string[]> {
  const bySource = new Map<string, string[]>();
  for (const { source, source_id } of entries) {
    const ids = bySource.get(source) ?? [];
    ids.push(source_id);
    bySource.set(source, ids);
  }
  return bySource;
}
