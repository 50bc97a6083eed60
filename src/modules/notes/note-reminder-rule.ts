import { DateTime, type DurationLikeObject } from 'luxon';
import type { ReminderFrequency } from './dto/note-reminder.dto';

/**
 * When a note's reminder falls: occurrence n is `startLocal` (a wall-clock time) plus n × interval
 * days, weeks, months or years in a time zone, computed from the start each time (Luxon's calendar
 * arithmetic), so 08:00 stays 08:00 across daylight-saving changes and a month end is clamped
 * without drifting (31 Jan → 28/29 Feb → 31 Mar). A wall-clock time a spring-forward skips is
 * moved forward by the gap, as Luxon does.
 */
export interface ReminderRule {
  /** "YYYY-MM-DDTHH:mm:ss", no offset */
  startLocal: string;
  frequency: ReminderFrequency | null;
  interval: number;
  /** the last local date an occurrence may fall on */
  until: string | null;
}

const UNIT: Record<ReminderFrequency, keyof DurationLikeObject> = { Daily: 'days', Weekly: 'weeks', Monthly: 'months', Yearly: 'years' };

/** Occurrence n (n ≥ 0) as a time in `zone`; null when there is none (a one-off's n > 0, past `until`). */
export function occurrenceIn(rule: ReminderRule, n: number, zone: string): DateTime | null {
  if (n > 0 && !rule.frequency) return null;
  const start = DateTime.fromISO(rule.startLocal, { zone });
  const at = n === 0 ? start : start.plus({ [UNIT[rule.frequency!]]: n * rule.interval });
  if (!at.isValid || at.year > 9999) return null;
  if (rule.until && at.toISODate()! > rule.until) return null;
  return at;
}

/** The first occurrence's index at or after `instant` in `zone`; null when none is left. */
export function firstIndexFrom(rule: ReminderRule, zone: string, instant: Date): number | null {
  const target = instant.getTime();
  if (!rule.frequency) {
    const only = occurrenceIn(rule, 0, zone);
    return only && only.toMillis() >= target ? 0 : null;
  }
  const start = DateTime.fromISO(rule.startLocal, { zone });
  const unit = UNIT[rule.frequency];
  const elapsed = DateTime.fromJSDate(instant, { zone }).diff(start, unit).as(unit);
  // an estimate that is never past the answer (a clamped month end can only be earlier), then forward
  let n = Math.max(0, Math.floor(elapsed / rule.interval) - 1);
  for (;;) {
    const at = occurrenceIn(rule, n, zone);
    if (!at) return null;
    if (at.toMillis() >= target) return n;
    n++;
  }
}

/** The wall-clock time `at` ("…" with or without an offset) as "YYYY-MM-DDTHH:mm:ss" in `zone`; null when it is no valid time. */
export function localStart(at: string, zone: string): string | null {
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(at);
  const parsed = hasOffset ? DateTime.fromISO(at, { setZone: true }).setZone(zone) : DateTime.fromISO(at, { zone });
  return parsed.isValid ? parsed.toFormat("yyyy-MM-dd'T'HH:mm:ss") : null;
}
