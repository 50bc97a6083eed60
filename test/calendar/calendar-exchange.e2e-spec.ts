import { createServer, type Server } from 'node:http';
import ICAL from 'ical.js';
import { CalendarSubscriptionsService } from '../../src/modules/calendar/subscriptions/subscriptions.service';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, login, signedInUser } from '../support/factories';

/** docs/calendar.md: secret feeds, outside calendars and ICS imports. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ NOTIFY_ALLOW_PRIVATE_URLS: 'true' });
});

afterAll(async () => {
  await t.close();
});

async function memberOf(groupId: string) {
  const user = await createUser(t, { groupId });
  return { ...user, ...(await login(t, user)) };
}

async function makeEvent(token: string, body: Record<string, unknown>) {
  const response = await t.api('POST', '/calendar/events', { token, payload: { allDay: false, timeZone: 'Europe/Berlin', ...body } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('feeds', () => {
  it('serve what the owner may see now as RFC 5545 with ETag and 304, shown once and ended by DELETE or by leaving', async () => {
    const anna = await signedInUser(t);
    const ben = await memberOf(anna.groupId!);
    await makeEvent(anna.accessToken, {
      title: 'Football',
      start: '2026-03-21T09:00:00Z',
      end: '2026-03-21T10:30:00Z',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA' },
    });
    await makeEvent(ben.accessToken, { title: 'Ben alone', start: '2026-03-22T09:00:00Z', end: '2026-03-22T10:00:00Z', isPrivate: true });

    const created = await t.api('POST', '/calendar/feeds', { token: anna.accessToken, payload: { name: 'Family', layers: ['events'] } });
    expect(created.statusCode).toBe(201);
    const feed = created.json();
    expect(feed.url).toMatch(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const path = new URL(feed.url).pathname;
    const listed = await t.api('GET', '/calendar/feeds', { token: anna.accessToken });
    expect(listed.json()).toEqual([{ id: feed.id, name: 'Family', layers: ['events'], onlyMine: false, createdDate: feed.createdDate }]);
    expect(listed.body).not.toContain(path);

    const first = await t.inject({ url: path });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/calendar/);
    expect(first.body).toContain('RRULE:FREQ=WEEKLY;BYDAY=SA');
    expect(first.body).toContain('BEGIN:VTIMEZONE');
    expect(first.body).not.toContain('Ben alone'); // another member's private event
    const parsed = new ICAL.Component(ICAL.parse(first.body) as any[]);
    expect(parsed.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('summary'))).toEqual(['Football']);

    const etag = first.headers.etag as string;
    expect((await t.inject({ url: path, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await makeEvent(ben.accessToken, { title: 'Dentist', start: '2026-03-23T09:00:00Z', end: '2026-03-23T10:00:00Z' });
    const changed = await t.inject({ url: path, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('SUMMARY:Dentist');

    // the owner leaves the group: the feed shows nothing
    await t.db.query('UPDATE users SET group_id = NULL WHERE id = $1', [anna.id]);
    expect((await t.inject({ url: path })).statusCode).toBe(404);
    await t.db.query('UPDATE users SET group_id = $2 WHERE id = $1', [anna.id, anna.groupId]);
    expect((await t.inject({ url: path })).statusCode).toBe(200);

    expect((await t.api('DELETE', `/calendar/feeds/${feed.id}`, { token: anna.accessToken })).statusCode).toBe(204);
    expect((await t.inject({ url: path })).statusCode).toBe(404);
    expect((await t.inject({ url: '/ical/not-a-token.ics' })).statusCode).toBe(404);
  });

  it('refuses an unknown layer', async () => {
    const anna = await signedInUser(t);
    const response = await t.api('POST', '/calendar/feeds', { token: anna.accessToken, payload: { name: 'x', layers: ['everything'] } });
    expect(response.statusCode).toBe(400);
  });
});

describe('outside calendars', () => {
  let server: Server;
  let url: string;
  let body = '';
  let answer: 'calendar' | 'missing' | 'page' = 'calendar';
  const requests: Record<string, string | undefined>[] = [];

  const holidays = (summary: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//School//EN',
      'BEGIN:VEVENT',
      'UID:easter-2026@school.example',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;VALUE=DATE:20260330',
      'DTEND;VALUE=DATE:20260411',
      `SUMMARY:${summary}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');

  beforeAll(async () => {
    body = holidays('Easter holidays');
    server = createServer((request, response) => {
      requests.push({ 'if-none-match': request.headers['if-none-match'] as string | undefined });
      const etag = `"${Buffer.from(body).length}"`;
      if (request.url === '/big.ics') {
        response.writeHead(200, { 'content-type': 'text/calendar' });
        response.end(Buffer.alloc(6 * 1024 * 1024, 'A'));
        return;
      }
      if (answer === 'missing') {
        response.writeHead(404, { 'content-type': 'text/plain' });
        return response.end('not here');
      }
      if (answer === 'page') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html>moved</html>');
      }
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, { etag });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'text/calendar', etag });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/holidays.ics`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('say why the last refresh failed by a code with its parameters, the English sentence beside it, until a good one', async () => {
    const anna = await signedInUser(t);
    const created = await t.api('POST', '/calendar/subscriptions', { token: anna.accessToken, payload: { url, name: 'Club', color: '#16a34a' } });
    expect(created.json()).toMatchObject({ lastError: null, lastFailure: null });
    const service = t.app.get(CalendarSubscriptionsService);
    const shown = async () =>
      ((await t.api('GET', '/calendar/subscriptions', { token: anna.accessToken })).json() as any[]).find((s) => s.id === created.json().id);
    try {
      answer = 'missing';
      await service.refreshAll();
      const missing = await shown();
      expect(missing).toMatchObject({ lastFailure: { code: 'HTTP_STATUS', params: { status: 404 } }, lastError: 'the address answered 404', eventCount: 1 });
      answer = 'page';
      await service.refreshAll();
      const page = await shown();
      expect(page).toMatchObject({ lastFailure: { code: 'NOT_A_CALENDAR', params: {} }, lastError: expect.stringMatching(/^the answer is not a calendar/) });
    } finally {
      answer = 'calendar';
    }
    await service.refreshAll(); // unchanged (304): read again, so the error is gone
    expect(await shown()).toMatchObject({ lastError: null, lastFailure: null });
    expect((await t.api('DELETE', `/calendar/subscriptions/${created.json().id}`, { token: anna.accessToken })).statusCode).toBe(204);
  });

  it('are fetched at once and again with the ETag, and shown read-only in the layer subscriptions', async () => {
    const anna = await signedInUser(t);
    const created = await t.api('POST', '/calendar/subscriptions', { token: anna.accessToken, payload: { url, name: 'School', color: '#16a34a' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'School', color: '#16A34A', eventCount: 1, lastError: null });

    const occurrences = async () =>
      (await t.api('GET', '/calendar/occurrences?from=2026-03-01&to=2026-04-30&layers=subscriptions', { token: anna.accessToken })).json() as any[];
    expect(await occurrences()).toEqual([
      expect.objectContaining({
        source: 'subscription',
        entityId: created.json().id,
        title: 'Easter holidays',
        start: '2026-03-30',
        end: '2026-04-11',
        allDay: true,
        color: '#16A34A',
      }),
    ]);

    const service = t.app.get(CalendarSubscriptionsService);
    requests.length = 0;
    await service.refreshAll();
    expect(requests.at(-1)?.['if-none-match']).toBeTruthy(); // asked conditionally, answered 304
    body = holidays('Easter holidays (changed)');
    await service.refreshAll();
    expect((await occurrences()).map((o) => o.title)).toEqual(['Easter holidays (changed)']);

    // too large, or not allowed: refused
    const big = await t.api('POST', '/calendar/subscriptions', {
      token: anna.accessToken,
      payload: { url: url.replace('holidays', 'big'), name: 'Big', color: '#000000' },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'CALENDAR_FETCH_FAILED', failure: { code: 'TOO_LARGE', params: { maxMb: expect.any(Number) } } });

    expect((await t.api('DELETE', `/calendar/subscriptions/${created.json().id}`, { token: anna.accessToken })).statusCode).toBe(204);
    expect(await occurrences()).toEqual([]);
  });

  it('follow the outbound address rule: a private address is refused unless NOTIFY_ALLOW_PRIVATE_URLS', async () => {
    const strict = await createTestApp({ NOTIFY_ALLOW_PRIVATE_URLS: 'false' });
    try {
      const anna = await signedInUser(strict);
      const response = await strict.api('POST', '/calendar/subscriptions', { token: anna.accessToken, payload: { url, name: 'School', color: '#16A34A' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('CALENDAR_URL_NOT_ALLOWED');
    } finally {
      await strict.close();
    }
  });
});

describe('imports', () => {
  const file = (summary: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Other app//EN',
      'BEGIN:VEVENT',
      'UID:club-match-1@club.example',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID=Europe/Berlin:20260314T150000',
      'DTEND;TZID=Europe/Berlin:20260314T170000',
      `SUMMARY:${summary}`,
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly@club.example',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID=Europe/Berlin:20260302T180000',
      'DTEND;TZID=Europe/Berlin:20260302T193000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4',
      'EXDATE;TZID=Europe/Berlin:20260309T180000',
      'SUMMARY:Training',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');

  it('previews, commits, and updates by UID on a second import instead of duplicating', async () => {
    const anna = await signedInUser(t);
    const send = (text: string) => t.api('POST', '/calendar/imports', { token: anna.accessToken, payload: text, headers: { 'content-type': 'text/calendar' } });
    const preview = await send(file('Match'));
    expect(preview.statusCode).toBe(201);
    expect(preview.json().events.map((e: any) => [e.uid, e.action])).toEqual([
      ['club-match-1@club.example', 'create'],
      ['weekly@club.example', 'create'],
    ]);
    const committed = await t.api('POST', `/calendar/imports/${preview.json().id}/commit`, { token: anna.accessToken, payload: {} });
    expect(committed.statusCode).toBe(200);
    expect(committed.json()).toEqual({ created: 2, updated: 0, failed: [] });

    const again = await send(file('Match (moved)'));
    expect(again.json().events.map((e: any) => e.action)).toEqual(['update', 'update']);
    expect((await t.api('POST', `/calendar/imports/${again.json().id}/commit`, { token: anna.accessToken, payload: {} })).json()).toEqual({
      created: 0,
      updated: 2,
      failed: [],
    });

    const occurrences = (await t.api('GET', '/calendar/occurrences?from=2026-03-01&to=2026-03-31&layers=events', { token: anna.accessToken })).json() as any[];
    expect(occurrences.map((o) => [o.title, o.start])).toEqual([
      ['Training', '2026-03-02T17:00:00Z'],
      ['Match (moved)', '2026-03-14T14:00:00Z'],
      ['Training', '2026-03-16T17:00:00Z'],
      ['Training', '2026-03-23T17:00:00Z'],
    ]);
  });

  it("lists the events it leaves out by a reason code with the event's title, the English message beside it", async () => {
    const anna = await signedInUser(t);
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Other app//EN',
      'BEGIN:VEVENT',
      'UID:fine@club.example',
      'DTSTART:20260314T150000Z',
      'SUMMARY:Match',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:no-start@club.example',
      'SUMMARY:Party',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART:20260315T150000Z',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:picnic@club.example',
      'DTSTART:soon',
      'SUMMARY:Picnic',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const preview = await t.api('POST', '/calendar/imports', { token: anna.accessToken, payload: ics, headers: { 'content-type': 'text/calendar' } });
    expect(preview.statusCode).toBe(201);
    expect(preview.json().events.map((e: any) => e.uid)).toEqual(['fine@club.example']);
    expect(preview.json().skipped).toEqual([
      { uid: 'no-start@club.example', reason: 'NO_START', params: { title: 'Party' }, message: 'no DTSTART' },
      { uid: null, reason: 'NO_UID', params: {}, message: 'a VEVENT has no UID' },
      { uid: 'picnic@club.example', reason: 'UNREADABLE', params: { title: 'Picnic' }, message: expect.stringMatching(/^invalid date-time value/) },
    ]);
  });

  it('refuses what is not iCalendar', async () => {
    const anna = await signedInUser(t);
    const response = await t.api('POST', '/calendar/imports', { token: anna.accessToken, payload: 'hello', headers: { 'content-type': 'text/calendar' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('ICS_INVALID');
    const json = await t.api('POST', '/calendar/imports', { token: anna.accessToken, payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  });
});
