import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { inbox, runAt } from '../notifications/notify-support';
import { apiAs, CalendarUser, FOOTBALL, setZone } from './calendar-support';

/** The event reminders `user` has in their inbox, as "title|body", oldest first. */
async function eventReminders(t: TestApp, user: CalendarUser): Promise<string[]> {
  const page = await inbox(t, user);
  return (page.items as { kind: string; title: string; body: string; createdDate: string }[])
    .filter((n) => n.kind === 'EventReminder')
    .sort((a, b) => a.createdDate.localeCompare(b.createdDate))
    .map((n) => `${n.title}|${n.body}`);
}

describe('calendar: event reminders through the notifier, once per occurrence and attendee', () => {
  let t: TestApp;
  let anna: CalendarUser;
  let ben: CalendarUser;

  beforeAll(async () => {
    t = await createTestApp({ NOTIFY_TICK_MS: '0' });
    anna = await signedInUser(t);
    ben = await signedInUser(t, { groupId: anna.groupId! });
    await setZone(t, anna, 'Europe/Berlin');
    await setZone(t, ben, 'Europe/Berlin');
  });
  afterAll(() => t.close());

  it('reminds every attendee an hour before each Saturday 10:00, once, across the October change', async () => {
    t.clock.set('2026-10-01T12:00:00Z');
    const created = await apiAs(t, anna)('POST', '/calendar/events', { ...FOOTBALL, reminders: [{ minutesBefore: 60 }] });
    expect(created.statusCode).toBe(201);

    await runAt(t, '2026-10-03T06:59:00Z');
    expect(await eventReminders(t, anna)).toEqual([]);
    await runAt(t, '2026-10-03T07:00:00Z');
    await runAt(t, '2026-10-03T07:00:30Z');
    expect(await eventReminders(t, anna)).toEqual([expect.stringMatching(/^Coming up: Football\|“Football” starts .*10:00/)]);
    expect(await eventReminders(t, ben)).toHaveLength(1);

    // 31 October is after the change: 10:00 Berlin is 09:00 UTC, the reminder 08:00 UTC
    await runAt(t, '2026-10-31T07:30:00Z');
    expect(await eventReminders(t, ben)).toHaveLength(4);
    await runAt(t, '2026-10-31T08:00:00Z');
    await runAt(t, '2026-10-31T08:00:00Z');
    expect(await eventReminders(t, ben)).toHaveLength(5);
    expect(await eventReminders(t, anna)).toHaveLength(5);
    await apiAs(t, anna)('DELETE', `/calendar/events/${created.json().id}`);
  });

  it('reminds on both sides of midnight: 23:45 the day before a 00:15 start, and not again after midnight', async () => {
    t.clock.set('2026-11-10T12:00:00Z');
    const night = await apiAs(t, anna)('POST', '/calendar/events', {
      title: 'Night train',
      allDay: false,
      start: '2026-11-12T00:15:00+01:00',
      end: '2026-11-12T01:00:00+01:00',
      timeZone: 'Europe/Berlin',
      recurrence: { rrule: 'FREQ=DAILY;COUNT=2' },
      attendees: [ben.id],
      reminders: [{ minutesBefore: 30 }],
    });
    expect(night.statusCode).toBe(201);
    const before = (await eventReminders(t, ben)).length;
    await runAt(t, '2026-11-11T22:44:00Z');
    expect(await eventReminders(t, ben)).toHaveLength(before);
    await runAt(t, '2026-11-11T22:45:00Z');
    expect(await eventReminders(t, ben)).toHaveLength(before + 1);
    await runAt(t, '2026-11-11T23:30:00Z');
    expect(await eventReminders(t, ben)).toHaveLength(before + 1);
    await runAt(t, '2026-11-12T22:45:00Z');
    await runAt(t, '2026-11-13T22:45:00Z');
    expect(await eventReminders(t, ben)).toHaveLength(before + 2);
    // only the attendee
    expect((await eventReminders(t, anna)).filter((n) => n.includes('Night train'))).toEqual([]);
  });

  it('reminds a moved occurrence at its new time, a deleted one never, a private event only its creator', async () => {
    t.clock.set('2026-12-01T12:00:00Z');
    const yoga = (
      await apiAs(t, anna)('POST', '/calendar/events', {
        title: 'Yoga',
        allDay: false,
        start: '2026-12-02T18:00:00Z',
        end: '2026-12-02T19:00:00Z',
        timeZone: 'UTC',
        recurrence: { rrule: 'FREQ=DAILY;COUNT=3' },
        isPrivate: true,
        reminders: [{ minutesBefore: 0 }],
      })
    ).json();
    await apiAs(t, anna)('PUT', `/calendar/events/${yoga.id}/occurrences/2026-12-03T18:00:00Z`, { start: '2026-12-03T20:00:00Z' });
    await apiAs(t, anna)('DELETE', `/calendar/events/${yoga.id}/occurrences/2026-12-04T18:00:00Z`);
    await runAt(t, '2026-12-02T18:00:00Z');
    await runAt(t, '2026-12-03T18:30:00Z');
    expect((await eventReminders(t, anna)).filter((n) => n.includes('Yoga'))).toHaveLength(1);
    await runAt(t, '2026-12-03T20:00:00Z');
    await runAt(t, '2026-12-04T18:00:00Z');
    await runAt(t, '2026-12-05T18:00:00Z');
    expect((await eventReminders(t, anna)).filter((n) => n.includes('Yoga'))).toHaveLength(2);
    expect((await eventReminders(t, ben)).filter((n) => n.includes('Yoga'))).toEqual([]);
  });
});
