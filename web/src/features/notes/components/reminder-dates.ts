import { DateTime } from 'luxon';

/**
 * The first date of a repeat chosen in words: a daily one at the next `time` to come, a weekly one
 * on the next `weekday` (1 Monday … 7 Sunday) at `time` to come (today when it is that day and the
 * time is still ahead), in `zone`, not before `date` when one is given ("from"); other repeats (and
 * none) start on the date chosen.
 */
export function firstDate(values: { repeat: string; date: string; time: string; weekday: string }, zone: string, now: DateTime = DateTime.now()): string {
  if (values.repeat !== 'Daily' && values.repeat !== 'Weekly') return values.date;
  const [hour, minute] = values.time.split(':').map(Number);
  const here = now.setZone(zone);
  const from = values.date ? DateTime.fromISO(values.date, { zone }) : undefined;
  let day = (from?.isValid && from > here ? from : here).set({ hour: hour || 0, minute: minute || 0, second: 0, millisecond: 0 });
  if (values.repeat === 'Weekly') day = day.plus({ days: (Number(values.weekday) - day.weekday + 7) % 7 });
  if (day <= here) day = day.plus(values.repeat === 'Weekly' ? { weeks: 1 } : { days: 1 });
  return day.toISODate() ?? values.date;
}
