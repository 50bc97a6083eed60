import type { TestApp } from '../support/app';
import { signedInUser } from '../support/factories';

export type CalendarUser = Awaited<ReturnType<typeof signedInUser>>;

/** A request as `user` (the `/api/v1` prefix is added). */
export function apiAs(t: TestApp, user: CalendarUser) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.api(method, path, { token: user.accessToken, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
}

/** Sets a member's notification time zone (the calendar's default zone and the zone of their dates). */
export async function setZone(t: TestApp, user: CalendarUser, timeZone: string): Promise<void> {
  const response = await apiAs(t, user)('PUT', '/account/notification-settings', { timeZone });
  if (response.statusCode !== 200) throw new Error(`notification settings: ${response.statusCode} ${response.body}`);
}

/** "Football, Saturdays 10:00 Europe/Berlin" from 3 October 2026, 90 minutes. */
export const FOOTBALL = {
  title: 'Football',
  allDay: false,
  start: '2026-10-03T10:00:00+02:00',
  end: '2026-10-03T11:30:00+02:00',
  timeZone: 'Europe/Berlin',
  recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA' },
  attendees: 'group',
};
