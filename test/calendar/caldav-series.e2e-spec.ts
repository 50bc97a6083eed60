import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/factories';

/**
 * A CalDAV PUT makes the series exactly what the phone sent, in one transaction: a dropped EXDATE
 * brings its occurrence back, a dropped override goes back to the series' time, and a PUT with a
 * part the calendar refuses changes nothing (event, ETag, history). Through the real HTTP stack.
 */

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
});

afterAll(async () => {
  await t.close();
});

type Anna = Awaited<ReturnType<typeof signedInUser>>;

/** Football, Saturdays 10:00 Berlin from 7 March 2026, four times; `extra` lines in its VEVENT, then `more` VEVENTs. */
function football(uid: string, extra: string[] = [], more: string[][] = []): string {
  const vevent = (lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260301T120000Z', ...lines, 'END:VEVENT'];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//series test//EN',
    ...vevent([
      'DTSTART;TZID=Europe/Berlin:20260307T100000',
      'DTEND;TZID=Europe/Berlin:20260307T113000',
      'SUMMARY:Football',
      'RRULE:FREQ=WEEKLY;BYDAY=SA;COUNT=4',
      ...extra,
    ]),
    ...more.flatMap(vevent),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** An override of the occurrence `recurrenceId`, moved to `start`–`end` (Berlin wall clock). */
const override = (recurrenceId: string, start: string, end: string, title = 'Football') => [
  recurrenceId,
  `DTSTART;TZID=Europe/Berlin:${start}`,
  `DTEND;TZID=Europe/Berlin:${end}`,
  `SUMMARY:${title}`,
];

async function setUp(): Promise<{ anna: Anna; put: (uid: string, ics: string, etag?: string) => Promise<Response> }> {
  const anna = await signedInUser(t);
  await t.api('PUT', '/account/notification-settings', { token: anna.accessToken, payload: { timeZone: 'Europe/Berlin' } });
  const token = (await t.api('POST', '/account/tokens', { token: anna.accessToken, payload: { name: 'Phone', scopes: ['dav'] } })).json().token;
  const authorization = `Basic ${Buffer.from(`${anna.username}:${token}`).toString('base64')}`;
  const put = (uid: string, ics: string, etag?: string) =>
    fetch(`${base}/dav/calendars/${anna.username}/family/${encodeURIComponent(uid)}.ics`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'text/calendar', ...(etag ? { 'if-match': etag } : {}) },
      body: ics,
    });
  return { anna, put };
}

async function starts(anna: Anna): Promise<string[]> {
  const response = await t.api('GET', '/calendar/occurrences?from=2026-03-01&to=2026-03-31&layers=events', { token: anna.accessToken });
  expect(response.statusCode).toBe(200);
  return (response.json() as { title: string; start: string }[]).filter((o) => o.title.startsWith('Football')).map((o) => o.start);
}

async function eventOf(anna: Anna, uid: string) {
  const response = await t.api('GET', '/calendar/occurrences?from=2026-03-01&to=2026-03-31&layers=events', { token: anna.accessToken });
  const eventId = (response.json() as { eventId: string }[])[0].eventId;
  const event = (await t.api('GET', `/calendar/events/${eventId}`, { token: anna.accessToken })).json();
  expect(event.uid).toBe(uid);
  return event;
}

async function historyOf(anna: Anna): Promise<{ entityType: string; action: string; changes: Record<string, { old: unknown; new: unknown }> }[]> {
  const response = await t.api('GET', '/action-histories?pageSize=100', { token: anna.accessToken });
  expect(response.statusCode).toBe(200);
  return response.json().items.filter((row: { entityType: string }) => row.entityType.startsWith('CalendarEvent'));
}

const SERIES = ['2026-03-07T09:00:00Z', '2026-03-14T09:00:00Z', '2026-03-21T09:00:00Z', '2026-03-28T09:00:00Z'];

describe('CalDAV: the series is what the phone sent', () => {
  it('brings back an occurrence whose EXDATE the phone dropped, and the history says so', async () => {
    const { anna, put } = await setUp();
    const uid = 'series-exdate@example.test';
    expect((await put(uid, football(uid))).status).toBe(201);
    expect(await starts(anna)).toEqual(SERIES);

    // deleted on the phone: the series carries an EXDATE
    expect((await put(uid, football(uid, ['EXDATE;TZID=Europe/Berlin:20260314T100000']))).status).toBe(204);
    expect(await starts(anna)).toEqual([SERIES[0], SERIES[2], SERIES[3]]);

    // undone on the phone: the EXDATE is gone, so is the deletion
    const back = await put(uid, football(uid));
    expect(back.status).toBe(204);
    expect(await starts(anna)).toEqual(SERIES);
    const event = await eventOf(anna, uid);
    expect(event.exdates).toEqual([]);
    expect(back.headers.get('etag')).toBe(event.etag);
    const [latest] = await historyOf(anna);
    expect(latest).toMatchObject({ entityType: 'CalendarEvent', action: 'Updated', changes: { exdates: { old: ['2026-03-14T09:00:00Z'], new: [] } } });
  });

  it('puts an override the phone dropped back at the series time, and keeps the one it sent', async () => {
    const { anna, put } = await setUp();
    const uid = 'series-override@example.test';
    const moved14 = override('RECURRENCE-ID;TZID=Europe/Berlin:20260314T100000', '20260314T120000', '20260314T133000');
    const moved21 = override('RECURRENCE-ID;TZID=Europe/Berlin:20260321T100000', '20260321T150000', '20260321T163000');
    expect((await put(uid, football(uid, [], [moved14, moved21]))).status).toBe(201);
    expect(await starts(anna)).toEqual([SERIES[0], '2026-03-14T11:00:00Z', '2026-03-21T14:00:00Z', SERIES[3]]);

    // the phone drops the 14th's override and keeps the 21st's
    expect((await put(uid, football(uid, [], [moved21]))).status).toBe(204);
    expect(await starts(anna)).toEqual([SERIES[0], SERIES[1], '2026-03-21T14:00:00Z', SERIES[3]]);
    expect((await eventOf(anna, uid)).exceptions.map((x: { originalStart: string }) => x.originalStart)).toEqual(['2026-03-21T09:00:00Z']);
  });

  it('refuses a PUT whose second override the calendar refuses: 400, the event, its ETag and the history unchanged', async () => {
    const { anna, put } = await setUp();
    const uid = 'series-refused@example.test';
    const created = await put(uid, football(uid));
    expect(created.status).toBe(201);
    const before = await eventOf(anna, uid);
    const historyBefore = await historyOf(anna);

    // a new title, a fine first override, and a second one naming its occurrence by a date (the series is timed)
    const first = override('RECURRENCE-ID;TZID=Europe/Berlin:20260314T100000', '20260314T120000', '20260314T133000');
    const second = override('RECURRENCE-ID;VALUE=DATE:20260321', '20260321T150000', '20260321T163000');
    const refused = await put(
      uid,
      football(uid, ['EXDATE;TZID=Europe/Berlin:20260328T100000'], [first, second]).replace('SUMMARY:Football\r\nRRULE', 'SUMMARY:Match\r\nRRULE'),
      before.etag,
    );
    expect(refused.status).toBe(400);

    const after = await eventOf(anna, uid);
    expect(after).toMatchObject({ title: 'Football', etag: before.etag, exdates: [], exceptions: [] });
    expect(await starts(anna)).toEqual(SERIES);
    expect(await historyOf(anna)).toEqual(historyBefore);
    // the phone's retry with the ETag it had still applies
    expect((await put(uid, football(uid, [], [first]), before.etag)).status).toBe(204);
  });
});

describe('REST: restoring one occurrence', () => {
  it('brings a deleted occurrence back and a changed one back to the series time', async () => {
    const { anna } = await setUp();
    const api = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: Record<string, unknown>) =>
      t.api(method, path, { token: anna.accessToken, payload });
    const made = await api('POST', '/calendar/events', {
      title: 'Football',
      allDay: false,
      start: '2026-03-07T10:00:00+01:00',
      end: '2026-03-07T11:30:00+01:00',
      timeZone: 'Europe/Berlin',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=4' },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    const key = (value: string) => encodeURIComponent(value);
    expect((await api('DELETE', `/calendar/events/${id}/occurrences/${key(SERIES[1])}`)).statusCode).toBe(200);
    expect((await api('PUT', `/calendar/events/${id}/occurrences/${key(SERIES[2])}`, { start: '2026-03-21T14:00:00Z' })).statusCode).toBe(200);
    expect(await starts(anna)).toEqual([SERIES[0], '2026-03-21T14:00:00Z', SERIES[3]]);

    const restored = await api('POST', `/calendar/events/${id}/occurrences/${key(SERIES[1])}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().exdates).toEqual([]);
    expect(restored.headers.etag).toBe(restored.json().etag);
    expect((await api('POST', `/calendar/events/${id}/occurrences/${key(SERIES[2])}/restore`)).json().exceptions).toEqual([]);
    expect(await starts(anna)).toEqual(SERIES);

    // an occurrence that is the series' own already: unchanged, no new version
    const again = await api('POST', `/calendar/events/${id}/occurrences/${key(SERIES[2])}/restore`);
    expect(again.statusCode).toBe(200);
    expect(again.json().etag).toBe((await t.api('GET', `/calendar/events/${id}`, { token: anna.accessToken })).json().etag);
    // a time the series does not give
    expect((await api('POST', `/calendar/events/${id}/occurrences/${key('2026-03-15T09:00:00Z')}/restore`)).statusCode).toBe(404);
  });
});
