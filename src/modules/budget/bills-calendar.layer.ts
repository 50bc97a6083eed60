import { Injectable } from '@nestjs/common';
import { addDays, Frequency, occurrencesBetween } from '../../../domain/recurrence';
import { Sql } from '../../database/sql';
import type { CalendarLayerSource, LayerOccurrence, LayerRequest } from '../calendar/calendar-layers';
import { BILLS_IN_RANGE } from './bills-calendar.sql';

/** The colour of a bill without a category. */
const BILL_COLOR = '#64748B';

interface BillRow {
  id: string;
  type: string;
  description: string | null;
  frequency: Frequency;
  interval: number;
  start_date: string;
  end_date: string | null;
  category_name: string | null;
  category_color: string | null;
}

/**
 * The calendar's bills layer: every occurrence of the group's enabled recurring transactions (the
 * same date arithmetic as the scheduler that books them), all-day, in its category's colour. The
 * title is the description, else the category's name, else the type.
 */
@Injectable()
export class BillsCalendarLayer implements CalendarLayerSource {
  readonly layer = 'bills' as const;
  readonly source = 'bill' as const;
  readonly module = 'Budget' as const;

  constructor(private readonly sql: Sql) {}

  async occurrences({ user, window, timeZone }: LayerRequest): Promise<LayerOccurrence[]> {
    const rows = await this.sql.rows<BillRow>(BILLS_IN_RANGE, [user.groupId, window.fromDate, window.toDate]);
    const out: LayerOccurrence[] = [];
    for (const row of rows) {
      const rule = { frequency: row.frequency, interval: row.interval, startDate: row.start_date, endDate: row.end_date };
      for (const date of occurrencesBetween(rule, window.fromDate, window.toDate)) {
        out.push({
          entityId: row.id,
          occurrenceId: `bill/${row.id}/${date}`,
          title: row.description || row.category_name || row.type,
          start: date,
          end: addDays(date, 1),
          allDay: true,
          timeZone,
          color: row.category_color ?? BILL_COLOR,
          attendees: 'group',
        });
      }
    }
    return out;
  }
}
