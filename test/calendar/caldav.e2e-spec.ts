import ICAL from 'ical.js';
import { DAVClient, type DAVCalendar, type DAVCalendarObject } from 'tsdav';
import { CalendarLayers } from '../../src/modules/calendar/calendar-layers';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, login, signedInUser } from '../support/factories';

/**
 * CalDAV driven by tsdav, a client library this project does not write, against the real app on a
 * real port: discovery from /.well-known/caldav, the calendars, create with an alarm, edit with
 * If-Match, sync by token, delete, sync again.
 */

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  const address = t.app.getHttpServer().address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await t.close();
});

async function davToken(accessToken: string): Promise<string> {
  const response = await t.api('POST', '/account/tokens', { token: accessToken, payload: { name: 'Phone', scopes: ['dav'] } });
  expect(response.statusCode).toBe(201);
  return response.json().token;
}

/** The event of that title in March 2026 as the app's API shows it to a member, or null. */
async function eventInApp(accessToken: string, title: string): Promise<any> {
  const occurrences = await t.api('GET', '/calendar/occurrences?from=2026-03-01&to=2026-03-31&layers=events', { token: accessToken });
  expect(occurrences.statusCode).toBe(200);
  const found = (occurrences.json() as any[]).find((o) => o.title === title);
  return found ? (await t.api('GET', `/calendar/events/${found.eventId}`, { token: accessToken })).json() : null;
}

function vevent(uid: string, summary: string, extra: string[] = []): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//tsdav test//EN',
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Berlin',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'TZNAME:CEST',
    'DTSTART:19700329T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'TZNAME:CET',
    'DTSTART:19701025T030000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260301T120000Z',
    'DTSTART;TZID=Europe/Berlin:20260307T100000',
    'DTEND;TZID=Europe/Berlin:20260307T113000',
    `SUMMARY:${summary}`,
    ...extra,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

describe('CalDAV with tsdav', () => {
  it('discovers, lists, creates with an alarm, edits with If-Match, syncs by token, deletes and syncs again', async () => {
    const anna = await signedInUser(t);
    const ben = await createUser(t, { groupId: (await t.db.query('SELECT group_id FROM users WHERE id = $1', [anna.id]))[0].group_id });
    const benSession = await login(t, ben);
    const token = await davToken(anna.accessToken);

    // an event made in the app is there for the phone
    const made = await t.api('POST', '/calendar/events', {
      token: benSession.accessToken,
      payload: { title: 'Dentist', allDay: false, start: '2026-03-10T08:00:00Z', end: '2026-03-10T08:30:00Z', timeZone: 'Europe/Berlin', attendees: 'group' },
    });
    expect(made.statusCode).toBe(201);

    const client = new DAVClient({
      serverUrl: base,
      credentials: { username: anna.username, password: token },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
    });
    await client.login();
    expect(client.account?.rootUrl).toBe(`${base}/dav/`);
    expect(client.account?.homeUrl).toBe(`${base}/dav/calendars/${anna.username}/`);

    const calendars = await client.fetchCalendars();
    // the group's calendar and one read-only calendar for each layer the calendar has
    const layers = t.app.get(CalendarLayers).allowed({ ...anna.claims, modules: anna.claims.Modules } as any);
    const expected = [
      'Family',
      ...(['bills', 'reminders', 'birthdays'] as const).filter((l) => layers.includes(l)).map((l) => l[0].toUpperCase() + l.slice(1)),
    ];
    expect(calendars.map((c) => c.displayName).sort()).toEqual(expected.sort());
    let family = calendars.find((c) => c.displayName === 'Family') as DAVCalendar;
    expect(family.components).toEqual(['VEVENT']);
    expect(family.reports).toEqual(expect.arrayContaining(['syncCollection', 'calendarMultiget', 'calendarQuery']));
    expect(family.syncToken).toBeTruthy();

    // a layer is read-only
    const bills = calendars.find((c) => c.displayName === 'Bills');
    if (bills)
      expect((await client.createCalendarObject({ calendar: bills, filename: 'x@example.test.ics', iCalString: vevent('x@example.test', 'X') })).status).toBe(
        403,
      );

    // the first full sync
    let objects = await client.fetchCalendarObjects({ calendar: family });
    expect(objects).toHaveLength(1);
    expect(objects[0].data).toContain('SUMMARY:Dentist');
    family = { ...family, objects, objectMultiGet: client.calendarMultiGet.bind(client) } as DAVCalendar;

    // made on the phone, with an alarm: an ordinary event, its alarm a reminder
    const uid = 'phone-football-1@example.test';
    const created = await client.createCalendarObject({
      calendar: family,
      filename: `${uid}.ics`,
      iCalString: vevent(uid, 'Football', [
        'RRULE:FREQ=WEEKLY;BYDAY=SA',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:Football',
        'TRIGGER:-PT30M',
        'END:VALARM',
      ]),
    });
    expect(created.status).toBe(201);
    const football = await eventInApp(benSession.accessToken, 'Football');
    expect(football).toMatchObject({
      title: 'Football',
      timeZone: 'Europe/Berlin',
      start: '2026-03-07T09:00:00Z',
      recurrence: { rrule: expect.stringContaining('FREQ=WEEKLY') },
      reminders: [{ minutesBefore: 30 }],
    });

    // the same UID made again with If-None-Match: * is refused
    const again = await client.createCalendarObject({ calendar: family, filename: `${uid}.ics`, iCalString: vevent(uid, 'Football again') });
    expect(again.status).toBe(412);

    // sync by token: only the new event
    let synced = await client.smartCollectionSync({ collection: family, method: 'webdav', detailedResult: true, account: client.account });
    let changes = synced.objects as unknown as { created: DAVCalendarObject[]; updated: DAVCalendarObject[]; deleted: DAVCalendarObject[] };
    expect(changes.created.map((o) => o.url)).toEqual([`${base}/dav/calendars/${anna.username}/family/${encodeURIComponent(uid)}.ics`]);
    expect(changes.created[0].data).toContain('TRIGGER:-PT30M');
    expect(changes.created[0].data).toContain('DTSTART;TZID=Europe/Berlin:20260307T100000');
    family = { ...family, syncToken: synced.syncToken, objects: [...objects, ...changes.created] } as DAVCalendar;

    // nothing changed: nothing comes
    synced = await client.smartCollectionSync({ collection: family, method: 'webdav', detailedResult: true, account: client.account });
    changes = synced.objects as any;
    expect([changes.created, changes.updated, changes.deleted].flat()).toEqual([]);

    // edit with If-Match: the right ETag passes, a stale one is 412
    const footballObject = changes.created[0] ?? family.objects!.find((o) => o.url.includes('phone-football'))!;
    const edited = await client.updateCalendarObject({
      calendarObject: { ...footballObject, data: vevent(uid, 'Football (home)', ['RRULE:FREQ=WEEKLY;BYDAY=SA']) },
    });
    expect(edited.status).toBe(204);
    const stale = await client.updateCalendarObject({ calendarObject: { ...footballObject, data: vevent(uid, 'Football (stale)') } });
    expect(stale.status).toBe(412);

    synced = await client.smartCollectionSync({ collection: family, method: 'webdav', detailedResult: true, account: client.account });
    changes = synced.objects as any;
    expect(changes.updated.map((o) => o.data).join()).toContain('SUMMARY:Football (home)');
    family = { ...family, syncToken: synced.syncToken } as DAVCalendar;
    objects = await client.fetchCalendarObjects({ calendar: family });
    family = { ...family, objects } as DAVCalendar;

    // delete on the phone, then the app has it no more; a sync reports the deletion
    const current = objects.find((o) => o.url.includes('phone-football'))!;
    const removed = await client.deleteCalendarObject({ calendarObject: current });
    expect(removed.status).toBe(204);
    expect(await eventInApp(benSession.accessToken, 'Football (home)')).toBeNull();

    // deleted in the app: the phone's next sync removes it
    const dentist = objects.find((o) => o.data.includes('Dentist'))!;
    expect((await t.api('DELETE', `/calendar/events/${made.json().id}`, { token: benSession.accessToken })).statusCode).toBe(204);
    synced = await client.smartCollectionSync({ collection: family, method: 'webdav', detailedResult: true, account: client.account });
    changes = synced.objects as any;
    expect(changes.deleted.map((o) => o.url).sort()).toEqual([dentist.url, current.url].sort());
  });

  it('reads back every ICS it serves with ical.js, the series kept at 10:00 Berlin across the change to summer time', async () => {
    const anna = await signedInUser(t);
    const token = await davToken(anna.accessToken);
    const event = await t.api('POST', '/calendar/events', {
      token: anna.accessToken,
      payload: {
        title: 'Football',
        allDay: false,
        start: '2026-03-21T09:00:00Z',
        end: '2026-03-21T10:30:00Z',
        timeZone: 'Europe/Berlin',
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=3' },
        reminders: [{ minutesBefore: 60 }],
      },
    });
    expect(event.statusCode).toBe(201);
    const response = await fetch(`${base}/dav/calendars/${anna.username}/family/${encodeURIComponent(event.json().uid)}.ics`, {
      headers: { authorization: `Basic ${Buffer.from(`${anna.username}:${token}`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe(event.json().etag);
    const calendar = new ICAL.Component(ICAL.parse(await response.text()) as any[]);
    ICAL.TimezoneService.reset();
    for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
    const parsed = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    const iterator = parsed.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) starts.push(new Date(next.toUnixTime() * 1000).toISOString());
    expect(starts).toEqual(['2026-03-21T09:00:00.000Z', '2026-03-28T09:00:00.000Z', '2026-04-04T08:00:00.000Z']);

    // calendar-query with a time-range: the series in April, nothing in 2025
    const client = new DAVClient({
      serverUrl: base,
      credentials: { username: anna.username, password: token },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
    });
    await client.login();
    const family = (await client.fetchCalendars()).find((c) => c.displayName === 'Family')!;
    const april = await client.fetchCalendarObjects({ calendar: family, timeRange: { start: '2026-04-01T00:00:00Z', end: '2026-04-30T00:00:00Z' } });
    expect(april.map((o) => o.data.includes('SUMMARY:Football'))).toEqual([true]);
    expect(await client.fetchCalendarObjects({ calendar: family, timeRange: { start: '2025-01-01T00:00:00Z', end: '2025-12-31T00:00:00Z' } })).toEqual([]);
  });

  it('answers OPTIONS with its classes, the well-known address with 301, and wrong credentials with 401', async () => {
    const options = await fetch(`${base}/dav/`, { method: 'OPTIONS' });
    expect(options.status).toBe(200);
    expect(options.headers.get('dav')).toBe('1, 2, 3, calendar-access');
    const wellKnown = await fetch(`${base}/.well-known/caldav`, { redirect: 'manual' });
    expect(wellKnown.status).toBe(301);
    expect(wellKnown.headers.get('location')).toBe('/dav/');

    const anna = await signedInUser(t);
    const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`${anna.username}:${password}`).toString('base64')}`, depth: '0' });
    const none = await fetch(`${base}/dav/`, { method: 'PROPFIND' });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    // the account's password is never a CalDAV password
    expect((await fetch(`${base}/dav/`, { method: 'PROPFIND', headers: basic(anna.password) })).status).toBe(401);
    // a token without the dav scope is not either
    const readToken = (await t.api('POST', '/account/tokens', { token: anna.accessToken, payload: { name: 'Script', scopes: ['read'] } })).json().token;
    expect((await fetch(`${base}/dav/`, { method: 'PROPFIND', headers: basic(readToken) })).status).toBe(401);
  });
});

describe('CalDAV sign-in', () => {
  it('counts wrong credentials towards the per-username lockout of the password sign-in', async () => {
    const strict = await createTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_PER_MINUTE: '1000', RATE_LIMIT_LOGIN_FAILURES: '3' });
    try {
      const anna = await signedInUser(strict);
      const token = (await strict.api('POST', '/account/tokens', { token: anna.accessToken, payload: { name: 'Phone', scopes: ['dav'] } })).json().token;
      const propfind = (password: string) =>
        strict.app.inject({
          method: 'PROPFIND' as any,
          url: '/dav/',
          headers: { authorization: `Basic ${Buffer.from(`${anna.username}:${password}`).toString('base64')}`, depth: '0' },
        });
      expect((await propfind(token)).statusCode).toBe(207);
      for (let i = 0; i < 3; i++) expect((await propfind(`hearth_pat_wrong${i}`)).statusCode).toBe(401);
      const locked = await propfind(token);
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBeTruthy();
      expect((await strict.api('POST', '/session', { payload: { username: anna.username, password: anna.password } })).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
