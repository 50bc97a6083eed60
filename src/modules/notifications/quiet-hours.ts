import { DateTime } from 'luxon';

/**
 * When something due at `at` reaches a person whose quiet hours are `from`–`to` ("HH:mm", wall
 * clock in `zone`; `to` before `from` spans midnight): at `at` itself outside them, else when they
 * end. Luxon does the zone arithmetic, so a daylight-saving change inside the quiet hours moves
 * nothing but the offset.
 */
export function afterQuietHours(at: Date, zone: string, from: string | null, to: string | null): Date {
  if (!from || !to || from === to) return at;
  const local = DateTime.fromJSDate(at, { zone });
  const minutes = local.hour * 60 + local.minute;
  const start = toMinutes(from);
  const end = toMinutes(to);
  const spansMidnight = end < start;
  const inside = spansMidnight ? minutes >= start || minutes < end : minutes >= start && minutes < end;
  if (!inside) return at;
  // the end on the same local day, or the next one when the quiet hours run past midnight
  const endDay = spansMidnight && minutes >= start ? local.plus({ days: 1 }) : local;
  return endDay.set({ hour: Math.floor(end / 60), minute: end % 60, second: 0, millisecond: 0 }).toJSDate();
}

function toMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}
