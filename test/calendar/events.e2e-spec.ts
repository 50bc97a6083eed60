import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { apiAs, CalendarUser, FOOTBALL, setZone } from './calendar-support';

describe('calendar: events, series and their occurrences', () => {
  let t: TestApp;
  let anna: CalendarUser;
  let ben: CalendarUser;
  let outsider: CalendarUser;
  let asAnna: ReturnType<typeof apiAs>;
  let asBen: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await signedInUser(t);
    ben = await signedInUser(t, { groupId: anna.groupId! });
    outsider = await signedInUser(t);
    asAnna = apiAs(t, anna);
    asBen = apiAs(t, ben);
    await setZone(t, anna, 'Europe/Berlin');
    await setZone(t, ben, 'Europe/Berlin');
  });
  afterAll(() => t.close());

  const occurrences = async (as: ReturnType<typeof apiAs>, query: string) => {
    const response = await as('GET', `/calendar/occurrences?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      source: string;
      eventId?: string;
      title: string;
      start: string;
      end: string;
      isException: boolean;
      originalStart?: string;
      color: string;
    }[];
  };

  it('creates a weekly event in the zone given, with a UID, an ETag and the creator as author', async () => {
    const response = await asAnna('POST', '/calendar/events', FOOTBALL);
    expect(response.statusCode).toBe(201);
    const event = response.json();
    expect(event).toMatchObject({
      title: 'Football',
      allDay: false,
      start: '2026-10-03T08:00:00Z',
      end: '2026-10-03T09:30:00Z',
      timeZone: 'Europe/Berlin',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA' },
      attendees: 'group',
      isPrivate: false,
      reminders: [],
      exdates: [],
      exceptions: [],
      etag: '"1"',
      createdBy: anna.id,
      color: expect.stringMatching(/^#[0-9A-F]{6}$/),
      uid: expect.stringMatching(/@hearth$/),
    });
    expect(response.headers.etag).toBe('"1"');
    const got = await asBen('GET', `/calendar/events/${event.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(event);
  });

  it('keeps Saturdays 10:00 at 10:00 Berlin time across the October and March changes', async () => {
    const list = (await occurrences(asBen, 'from=2026-10-17&to=2026-11-07&layers=events')).filter((o) => o.title === 'Football');
    expect(list.map((o) => o.start)).toEqual(['2026-10-17T08:00:00Z', '2026-10-24T08:00:00Z', '2026-10-31T09:00:00Z', '2026-11-07T09:00:00Z']);
    const spring = (await occurrences(asBen, 'from=2027-03-20&to=2027-04-03&layers=events')).filter((o) => o.title === 'Football');
    expect(spring.map((o) => o.start)).toEqual(['2027-03-20T09:00:00Z', '2027-03-27T09:00:00Z', '2027-04-03T08:00:00Z']);
  });

  it("defaults the zone to the creator's and takes all-day dates with an exclusive end", async () => {
    const timed = await asAnna('POST', '/calendar/events', { title: 'Dentist', allDay: false, start: '2026-11-02T09:00:00Z', end: '2026-11-02T09:30:00Z' });
    expect(timed.json().timeZone).toBe('Europe/Berlin');
    const trip = await asAnna('POST', '/calendar/events', { title: 'Trip', allDay: true, start: '2026-11-05', end: '2026-11-08' });
    expect(trip.statusCode).toBe(201);
    expect(trip.json()).toMatchObject({ start: '2026-11-05', end: '2026-11-08', allDay: true });
    const days = await occurrences(asBen, 'from=2026-11-07&to=2026-11-07&layers=events');
    expect(days.map((o) => o.title)).toEqual(['Trip', 'Football']);
    expect(await occurrences(asBen, 'from=2026-11-08&to=2026-11-08&layers=events')).toEqual([]);
  });

  it.each([
    ['an end before the start', { ...FOOTBALL, end: '2026-10-03T09:59:00+02:00' }, 'EVENT_ENDS_BEFORE_START'],
    ['an all-day end before the start', { title: 'x', allDay: true, start: '2026-10-03', end: '2026-10-02' }, 'EVENT_ENDS_BEFORE_START'],
    ['an hourly rule', { ...FOOTBALL, recurrence: { rrule: 'FREQ=HOURLY' } }, 'RRULE_UNSUPPORTED'],
    ['BYHOUR', { ...FOOTBALL, recurrence: { rrule: 'FREQ=DAILY;BYHOUR=9' } }, 'RRULE_UNSUPPORTED'],
    ['a time without offset', { ...FOOTBALL, start: '2026-10-03T10:00:00' }, 'VALIDATION_FAILED'],
    ['a date in a timed event', { ...FOOTBALL, start: '2026-10-03' }, 'VALIDATION_FAILED'],
    ['an unknown zone', { ...FOOTBALL, timeZone: 'Mars/Olympus' }, 'VALIDATION_FAILED'],
    ['a stranger as attendee', { ...FOOTBALL, attendees: ['0193a1b2-0000-7000-8000-000000000001'] }, 'UNKNOWN_MEMBER'],
    ['a reminder four weeks and a minute before', { ...FOOTBALL, reminders: [{ minutesBefore: 40_321 }] }, 'VALIDATION_FAILED'],
    ['a 201-character title', { ...FOOTBALL, title: 'x'.repeat(201) }, 'VALIDATION_FAILED'],
  ])('refuses %s with 400', async (_case, body, code) => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM calendar_events');
    const response = await asAnna('POST', '/calendar/events', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
    expect(await t.db.query('SELECT count(*)::int AS n FROM calendar_events')).toEqual(before);
  });

  it('names the unsupported part of a rule', async () => {
    const response = await asAnna('POST', '/calendar/events', { ...FOOTBALL, recurrence: { rrule: 'FREQ=YEARLY;BYWEEKNO=20' } });
    expect(response.json()).toMatchObject({ code: 'RRULE_UNSUPPORTED', part: 'BYWEEKNO' });
    expect(response.json().detail).toContain('BYWEEKNO');
  });

  it('takes a member list as attendees and filters occurrences by attendee', async () => {
    const event = (
      await asAnna('POST', '/calendar/events', {
        title: 'Piano',
        allDay: false,
        start: '2026-11-03T16:00:00Z',
        end: '2026-11-03T17:00:00Z',
        attendees: [ben.id],
      })
    ).json();
    expect(event.attendees).toEqual([ben.id]);
    const forAnna = await occurrences(asAnna, `from=2026-11-03&to=2026-11-03&attendee=${anna.id}`);
    expect(forAnna.map((o) => o.title)).not.toContain('Piano');
    const forBen = await occurrences(asAnna, `from=2026-11-03&to=2026-11-03&attendee=${ben.id}`);
    expect(forBen.map((o) => o.title)).toContain('Piano');
    expect((await asAnna('POST', '/calendar/events', { ...FOOTBALL, attendees: [outsider.id] })).json().code).toBe('UNKNOWN_MEMBER');
  });

  it('answers 412 with the current event to a stale If-Match, and changes with the current one', async () => {
    const event = (await asAnna('POST', '/calendar/events', { ...FOOTBALL, title: 'Swimming' })).json();
    const changed = await asBen('PUT', `/calendar/events/${event.id}`, { ...FOOTBALL, title: 'Swimming lessons' }, { 'if-match': event.etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Swimming lessons', etag: '"2"', uid: event.uid });
    const stale = await asAnna('PUT', `/calendar/events/${event.id}`, { ...FOOTBALL, title: 'Swim' }, { 'if-match': event.etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', current: { title: 'Swimming lessons', etag: '"2"' } });
    const staleDelete = await asAnna('DELETE', `/calendar/events/${event.id}`, undefined, { 'if-match': '"1"' });
    expect(staleDelete.statusCode).toBe(412);
    expect((await asAnna('DELETE', `/calendar/events/${event.id}`, undefined, { 'if-match': '"2"' })).statusCode).toBe(204);
    expect((await asAnna('GET', `/calendar/events/${event.id}`)).statusCode).toBe(404);
  });

  it('shows a private event to its creator only', async () => {
    const secret = (
      await asAnna('POST', '/calendar/events', {
        title: 'Surprise party planning',
        allDay: false,
        start: '2026-11-04T18:00:00Z',
        end: '2026-11-04T19:00:00Z',
        isPrivate: true,
      })
    ).json();
    expect(secret.isPrivate).toBe(true);
    expect((await asBen('GET', `/calendar/events/${secret.id}`)).statusCode).toBe(404);
    expect((await asBen('PUT', `/calendar/events/${secret.id}`, { title: 'x', allDay: true, start: '2026-11-04', end: '2026-11-05' })).statusCode).toBe(404);
    expect((await asBen('DELETE', `/calendar/events/${secret.id}`)).statusCode).toBe(404);
    expect((await occurrences(asBen, 'from=2026-11-04&to=2026-11-04')).map((o) => o.title)).not.toContain('Surprise party planning');
    expect((await occurrences(asAnna, 'from=2026-11-04&to=2026-11-04')).map((o) => o.title)).toContain('Surprise party planning');
    // the history: Anna's own lists her private event, Ben's does not
    const history = (ask: typeof asBen) => ask('GET', '/action-histories?entityType=CalendarEvent&pageSize=100');
    const own = await history(asAnna);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Surprise party planning');
    const others = await history(asBen);
    expect(others.statusCode).toBe(200);
    expect(others.body).not.toContain('Surprise');
  });

  it("keeps another group's events apart", async () => {
    const event = (await asAnna('POST', '/calendar/events', { ...FOOTBALL, title: 'Ours' })).json();
    const asOutsider = apiAs(t, outsider);
    expect((await asOutsider('GET', `/calendar/events/${event.id}`)).statusCode).toBe(404);
    expect((await occurrences(asOutsider, 'from=2026-10-01&to=2026-12-31')).map((o) => o.title)).not.toContain('Ours');
  });

  it('moves one occurrence, deletes another, and shows the series around them', async () => {
    const event = (await asAnna('POST', '/calendar/events', { ...FOOTBALL, title: 'Training' })).json();
    const moved = await asBen('PUT', `/calendar/events/${event.id}/occurrences/${encodeURIComponent('2026-10-10T08:00:00Z')}`, {
      start: '2026-10-11T11:00:00+02:00',
      title: 'Training (Sunday)',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().exceptions).toEqual([
      expect.objectContaining({
        originalStart: '2026-10-10T08:00:00Z',
        title: 'Training (Sunday)',
        start: '2026-10-11T09:00:00Z',
        end: '2026-10-11T10:30:00Z',
      }),
    ]);
    expect(moved.json().etag).toBe('"2"');
    const removed = await asBen('DELETE', `/calendar/events/${event.id}/occurrences/${encodeURIComponent('2026-10-17T10:00:00+02:00')}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().exdates).toEqual(['2026-10-17T08:00:00Z']);
    const list = (await occurrences(asAnna, 'from=2026-10-01&to=2026-10-25&layers=events')).filter((o) => o.eventId === event.id);
    expect(list.map((o) => [o.title, o.start, o.isException])).toEqual([
      ['Training', '2026-10-03T08:00:00Z', false],
      ['Training (Sunday)', '2026-10-11T09:00:00Z', true],
      ['Training', '2026-10-24T08:00:00Z', false],
    ]);
    expect((await asBen('PUT', `/calendar/events/${event.id}/occurrences/${encodeURIComponent('2026-10-12T08:00:00Z')}`, { title: 'x' })).statusCode).toBe(404);
    expect((await asBen('DELETE', `/calendar/events/${event.id}/occurrences/not-a-time`)).statusCode).toBe(400);
  });

  it('splits a series: this and all following become a new series', async () => {
    const event = (await asAnna('POST', '/calendar/events', { ...FOOTBALL, title: 'Choir', recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=6' } })).json();
    await asAnna('PUT', `/calendar/events/${event.id}/occurrences/${encodeURIComponent('2026-10-31T09:00:00Z')}`, { title: 'Choir concert' });
    const split = await asAnna('POST', `/calendar/events/${event.id}/split`, { from: '2026-10-24T08:00:00Z' });
    expect(split.statusCode).toBe(201);
    const next = split.json();
    expect(next).toMatchObject({ start: '2026-10-24T08:00:00Z', recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=3' }, title: 'Choir' });
    expect(next.uid).not.toBe(event.uid);
    expect(next.exceptions.map((x: { title: string }) => x.title)).toEqual(['Choir concert']);
    const old = (await asAnna('GET', `/calendar/events/${event.id}`)).json();
    expect(old.recurrence.rrule).toBe('FREQ=WEEKLY;BYDAY=SA;UNTIL=20261024T075959Z');
    const list = (await occurrences(asAnna, 'from=2026-10-01&to=2026-12-31&layers=events')).filter((o) => o.title.startsWith('Choir'));
    expect(list.map((o) => [o.eventId === event.id ? 'old' : 'new', o.start.slice(0, 10), o.title])).toEqual([
      ['old', '2026-10-03', 'Choir'],
      ['old', '2026-10-10', 'Choir'],
      ['old', '2026-10-17', 'Choir'],
      ['new', '2026-10-24', 'Choir'],
      ['new', '2026-10-31', 'Choir concert'],
      ['new', '2026-11-07', 'Choir'],
    ]);
  });

  it('refuses ranges over 366 days and backwards', async () => {
    expect((await asAnna('GET', '/calendar/occurrences?from=2026-01-01&to=2027-01-03')).statusCode).toBe(400);
    expect((await asAnna('GET', '/calendar/occurrences?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await asAnna('GET', '/calendar/occurrences?from=2026-01-01&to=2027-01-02')).statusCode).toBe(200);
    expect((await asAnna('GET', '/calendar/occurrences?from=2026-01-01&to=2026-01-31&layers=weather')).statusCode).toBe(400);
  });

  it('is behind the Calendar module gate', async () => {
    const without = await signedInUser(t, { modules: ['Map', 'Budget', 'Notes'] });
    const as = apiAs(t, without);
    expect((await as('GET', '/calendar/occurrences?from=2026-01-01&to=2026-01-31')).statusCode).toBe(403);
    expect((await as('POST', '/calendar/events', FOOTBALL)).statusCode).toBe(403);
  });
});
