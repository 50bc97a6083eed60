import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../../common/auth/auth-user';
import { Clock } from '../../../common/clock/clock';
import { AppError } from '../../../common/errors/app-error';
import { Sql } from '../../../database/sql';
import { NotificationSettingsService } from '../../notifications/notification-settings.service';
import { CalendarService } from '../calendar.service';
import { IcsApplyService } from '../ical/ics-apply.service';
import type { IcsEvent } from '../ical/ics-event';
import { IcsParseError, readCalendar } from '../ical/ics-reader';
import type { CalendarImportDto, CalendarImportResultDto, CommitCalendarImportDto } from './calendar-import.dto';
import { IMPORT_INSERT, IMPORT_LOCK, IMPORT_MARK_COMMITTED, IMPORTS_EXPIRE } from './calendar-imports.sql';

/** The most events one file may hold. */
export const IMPORT_MAX_EVENTS = 2_000;
const KEEP_MS = 24 * 3_600_000;

/**
 * ICS imports: a file is read into a preview (each event marked to create, or to update the event
 * imported before with the same UID), kept 24 hours; its commit writes each event through the
 * calendar's service, so imported events are ordinary ones, and a second commit updates instead
 * of duplicating.
 */
@Injectable()
export class CalendarImportsService {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
    private readonly calendar: CalendarService,
    private readonly apply: IcsApplyService,
    private readonly settings: NotificationSettingsService,
  ) {}

  async preview(user: AuthUser, body: string): Promise<CalendarImportDto> {
    const zone = (await this.settings.get(user.userId)).timeZone ?? 'UTC';
    let read;
    try {
      read = readCalendar(body, { defaultZone: zone, maxEvents: IMPORT_MAX_EVENTS });
    } catch (error) {
      if (error instanceof IcsParseError) throw AppError.badRequest('ICS_INVALID', `The file is not a calendar this service can read: ${error.message}`);
      throw error;
    }
    if (!read.events.length) throw AppError.badRequest('ICS_INVALID', 'The file has no events');
    const events = await Promise.all(
      read.events.map(async (event, index) => {
        const existing = await this.calendar.getByUid(user, event.uid);
        return {
          index,
          uid: event.uid,
          title: event.title,
          allDay: event.allDay,
          start: event.start,
          end: event.end,
          timeZone: event.timeZone,
          rrule: event.rrule ?? null,
          action: existing ? ('update' as const) : ('create' as const),
        };
      }),
    );
    const id = randomUUID();
    const [row] = await this.sql.rows<{ created_date: Date }>(IMPORT_INSERT, [id, user.groupId, user.userId, JSON.stringify(read.events)]);
    return { id, events, skipped: read.skipped, expiresDate: new Date(row.created_date.getTime() + KEEP_MS) };
  }

  async commit(user: AuthUser, id: string, dto: CommitCalendarImportDto): Promise<CalendarImportResultDto> {
    const now = this.clock.now();
    await this.sql.rows(IMPORTS_EXPIRE, [new Date(now.getTime() - KEEP_MS)]);
    const [row] = await this.sql.rows<{ id: string; events: IcsEvent[] }>(IMPORT_LOCK, [user.groupId, id, new Date(now.getTime() - KEEP_MS)]);
    if (!row) throw AppError.notFound('Import');
    const excluded = new Set(dto.exclude ?? []);
    const result: CalendarImportResultDto = { created: 0, updated: 0, failed: [] };
    for (const [index, event] of row.events.entries()) {
      if (excluded.has(index)) continue;
      try {
        const existing = await this.calendar.getByUid(user, event.uid);
        const { created } = await this.apply.upsert(user, event, existing);
        if (created) result.created++;
        else result.updated++;
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        result.failed.push({ index, uid: event.uid, code: error.code, message: error.message });
      }
    }
    await this.sql.rows(IMPORT_MARK_COMMITTED, [row.id, now]);
    return result;
  }
}
