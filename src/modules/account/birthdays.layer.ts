import { Injectable } from '@nestjs/common';
import { memberColor } from '../../../domain/member-color';
import { addDays } from '../../../domain/recurrence';
import { Sql } from '../../database/sql';
import type { CalendarLayerSource, LayerOccurrence, LayerRequest } from '../calendar/calendar-layers';
import { BIRTHDAYS_OF_GROUP } from './birthdays.sql';

/**
 * The calendar's birthdays layer: each active member's birthday (`birthday` on the account) as an
 * all-day entry every year, in their colour; 29 February falls on 28 February in other years. The
 * title is the member's nickname: the app words it ("Anna's birthday").
 */
@Injectable()
export class BirthdaysLayer implements CalendarLayerSource {
  readonly layer = 'birthdays' as const;
  readonly source = 'birthday' as const;
  readonly module = null;

  constructor(private readonly sql: Sql) {}

  async occurrences({ user, window, timeZone }: LayerRequest): Promise<LayerOccurrence[]> {
    const rows = await this.sql.rows<{ id: string; nickname: string; birthday: string }>(BIRTHDAYS_OF_GROUP, [user.groupId]);
    const out: LayerOccurrence[] = [];
    const firstYear = Number(window.fromDate.slice(0, 4));
    const lastYear = Number(window.toDate.slice(0, 4));
    for (const row of rows) {
      const monthDay = row.birthday.slice(-5);
      const born = row.birthday.startsWith('--') ? null : Number(row.birthday.slice(0, 4));
      for (let year = firstYear; year <= lastYear; year++) {
        if (born !== null && year < born) continue;
        const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
        const date = `${year}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
        if (date < window.fromDate || date > window.toDate) continue;
        out.push({
          entityId: row.id,
          occurrenceId: `birthday/${row.id}/${date}`,
          title: row.nickname,
          start: date,
          end: addDays(date, 1),
          allDay: true,
          timeZone,
          color: memberColor(row.id),
          attendees: 'group',
        });
      }
    }
    return out;
  }
}
