import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';
import { headersOf } from './support/api';

/**
 * The calendar's other calendars at 360 px (docs/calendar.md, The web client): an outside calendar
 * served by a small HTTP server of the test (on loopback, so the service allows private addresses),
 * an .ics file imported twice (the second import changes, never duplicates), and one occurrence of
 * a weekly event deleted and brought back. The clocks stand at Wednesday 4 March 2026, 10:00 in Berlin.
 */
const NOW = new Date('2026-03-04T09:00:00Z');

const ics = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hearth test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (uid: string, title: string, ...times: string[]) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260301T090000Z', ...times, `SUMMARY:${title}`, 'END:VEVENT'].join('\r\n');

// the club's fixtures: Sunday 8 March, 14:00–16:00 in Berlin
const CLUB = ics(vevent('match-1@club.example', 'Club match', 'DTSTART:20260308T130000Z', 'DTEND:20260308T150000Z'));
// a file from another app: a parents' evening (Thursday 12 March, 18:00–19:00), an all-day school trip (Friday 13 March)
// and a sports day without a start, which the import leaves out
const FILE = ics(
  vevent('evening@school.example', "Parents' evening", 'DTSTART:20260312T170000Z', 'DTEND:20260312T180000Z'),
  vevent('trip@school.example', 'School trip', 'DTSTART;VALUE=DATE:20260313', 'DTEND;VALUE=DATE:20260314'),
  vevent('sports@school.example', 'Sports day'),
);

let server: Server;
let base = '';

test.use({ serviceEnv: { NOTIFY_ALLOW_PRIVATE_URLS: 'true' }, timezoneId: 'Europe/Berlin' });

test.beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/club.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      response.end(CLUB);
    } else {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Not a calendar</title><p>Hello</p>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test.describe('Calendar: other calendars', () => {
  test('outside calendar, .ics import twice, a deleted occurrence back, a moved one reset, the outside one removed', async ({ page, request, service }) => {
    const group = await seedGroup(service.db, { modules: ['Calendar'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Ines' });
    const headers = await headersOf(request, member);
    expect((await request.put('/api/v1/account/notification-settings', { headers, data: { timeZone: 'Europe/Berlin' } })).status()).toBe(200);
    const football = await request.post('/api/v1/calendar/events', {
      headers,
      data: {
        title: 'Football',
        start: '2026-03-07T10:00:00+01:00',
        end: '2026-03-07T11:00:00+01:00',
        allDay: false,
        timeZone: 'Europe/Berlin',
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA' },
      },
    });
    expect(football.status()).toBe(201);
    await page.clock.setFixedTime(NOW);
    const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `calendar-outside-${name}.png`), fullPage: true });

    await signIn(page, member);
    await page.goto('/calendar');
    await page.getByRole('navigation', { name: 'Calendar views' }).getByRole('link', { name: 'Other calendars' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Other calendars' })).toBeVisible();
    await expect(page.getByText('No outside calendars yet.')).toBeVisible();

    // an address that is not a calendar: said in words, nothing added
    await page.getByLabel('Calendar address').fill(`${base}/about.html`);
    await page.getByLabel('Name').fill('Club');
    await page.getByRole('button', { name: 'Add calendar' }).click();
    const why = 'The calendar could not be read: the address did not answer with a calendar';
    await expect(page.getByRole('alert').getByText(why)).toBeVisible();
    await expect(page.getByLabel('Calendar address')).toHaveAccessibleDescription(new RegExp(why));

    // the club's fixtures
    await page.getByLabel('Calendar address').fill(`${base}/club.ics`);
    await page.getByRole('button', { name: 'Add calendar' }).click();
    await expect(page.getByText('“Club” was added. Its events are in the calendar now.')).toBeVisible();
    const list = page.getByRole('list', { name: 'Outside calendars' });
    await expect(list.getByText('Club', { exact: true })).toBeVisible();
    await expect(list.getByText(/1 event · read/)).toBeVisible();
    await shot('1-added');

    // renamed in its dialog
    await list.getByRole('button', { name: 'Change “Club”' }).click();
    const change = page.getByRole('dialog', { name: 'Change “Club”' });
    await change.getByLabel('Name').fill('Football club');
    await change.getByRole('button', { name: 'Save' }).click();
    await expect(change).toBeHidden();
    await expect(list.getByText('Football club', { exact: true })).toBeVisible();

    // its event is in the agenda, read-only
    await page.getByRole('link', { name: 'Agenda' }).click();
    const sunday = page.getByRole('region', { name: 'Sunday 8 March' });
    await expect(sunday.locator('.cal-item', { hasText: 'Club match' })).toContainText(/14:00–16:00\s*Club match\s*Subscribed calendar/);
    await expect(sunday.getByRole('link', { name: /Club match/ })).toHaveCount(0);
    await shot('2-agenda');

    // an .ics file: the preview, then the import
    await page.getByRole('link', { name: 'Other calendars' }).click();
    const file = { name: 'school.ics', mimeType: 'text/calendar', buffer: Buffer.from(FILE) };
    await page.getByLabel('Calendar file (.ics)').setInputFiles(file);
    await page.getByRole('button', { name: 'Show what it holds' }).click();
    await expect(page.getByText('2 new events')).toBeVisible();
    await expect(page.getByText('0 events already in the calendar, to be changed')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Events in the file' }).getByText("Parents' evening")).toBeVisible();
    // the event left out, worded from its reason code (the service's English "no DTSTART" never shows)
    await expect(page.getByText('1 event that cannot be read')).toBeVisible();
    await expect(page.getByText('“Sports day”: it has no start time', { exact: true })).toBeVisible();
    await expect(page.getByText('DTSTART')).toHaveCount(0);
    await shot('3-preview');
    await page.getByRole('button', { name: 'Import 2 events' }).click();
    await expect(page.getByText('Imported: 2 new events, 0 changed.')).toBeVisible();

    // the same file again changes the two events instead of adding them twice
    await page.getByLabel('Calendar file (.ics)').setInputFiles(file);
    await page.getByRole('button', { name: 'Show what it holds' }).click();
    await expect(page.getByText('0 new events')).toBeVisible();
    await expect(page.getByText('2 events already in the calendar, to be changed')).toBeVisible();
    await page.getByRole('button', { name: 'Import 2 events' }).click();
    await expect(page.getByText('Imported: 0 new events, 2 changed.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the calendar' }).click();
    await expect(page.getByRole('region', { name: 'Thursday 12 March' }).getByRole('link', { name: /18:00–19:00\s*Parents' evening/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Friday 13 March' }).getByRole('link', { name: /All day\s*School trip/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Parents' evening/ })).toHaveCount(1);
    await expect(page.getByRole('link', { name: /School trip/ })).toHaveCount(1);

    // one Saturday's football deleted (only this one) …
    await page
      .getByRole('region', { name: 'Saturday 14 March' })
      .getByRole('link', { name: /Football/ })
      .click();
    await page.getByRole('button', { name: 'Delete event' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Only this one' }).click();
    await expect(page.getByRole('region', { name: 'Saturday 21 March' }).getByRole('link', { name: /10:00–11:00\s*Football/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Saturday 14 March' })).toHaveCount(0);

    // … is listed on the series' page under "Removed dates", and brought back
    await page
      .getByRole('region', { name: 'Saturday 21 March' })
      .getByRole('link', { name: /Football/ })
      .click();
    const removed = page.getByRole('region', { name: 'Removed dates' });
    await expect(removed.getByText('Saturday, 14 March 2026 at 10:00', { exact: true })).toBeVisible();
    await shot('4-removed');
    await removed.getByRole('button', { name: 'Bring back Saturday, 14 March 2026 at 10:00' }).click();
    await expect(page.getByRole('region', { name: 'Removed dates' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to the calendar' }).click();
    await expect(page.getByRole('region', { name: 'Saturday 14 March' }).getByRole('link', { name: /10:00–11:00\s*Football/ })).toBeVisible();

    // one Saturday moved to 11:00 on its own, then back to the series' time from its page
    await page
      .getByRole('region', { name: 'Saturday 28 March' })
      .getByRole('link', { name: /Football/ })
      .click();
    await expect(page.getByText('This date was changed on its own.')).toHaveCount(0);
    await page.getByLabel('Starts', { exact: true }).fill('11:00');
    await page.getByLabel('Ends', { exact: true }).fill('12:00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Only this one' }).click();
    const march28 = page.getByRole('region', { name: 'Saturday 28 March' });
    await march28.getByRole('link', { name: /11:00–12:00\s*Football/ }).click();
    await expect(page.getByText('This date was changed on its own.')).toBeVisible();
    await page.getByRole('button', { name: "Back to the series' time" }).click();
    await expect(march28.getByRole('link', { name: /10:00–11:00\s*Football/ })).toBeVisible();

    // the outside calendar removed (after a question): its event leaves the agenda
    await page.getByRole('link', { name: 'Other calendars' }).click();
    await page.getByRole('button', { name: 'Remove “Football club”' }).click();
    const question = page.getByRole('dialog', { name: 'Remove “Football club”?' });
    await expect(question.getByText("Its events leave everyone's calendar.")).toBeVisible();
    await question.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText('No outside calendars yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Agenda' }).click();
    await expect(page.getByRole('region', { name: 'Saturday 14 March' }).getByRole('link', { name: /Football/ })).toBeVisible();
    await expect(page.getByText('Club match')).toHaveCount(0);
  });

  test("an outside calendar's failed refresh is said in the person's language (German)", async ({ page, request, service }) => {
    const group = await seedGroup(service.db, { modules: ['Calendar'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Jonas' });
    const headers = await headersOf(request, member);
    expect((await request.put('/api/v1/account', { headers, data: { locale: 'de' } })).status()).toBe(200);
    const added = await request.post('/api/v1/calendar/subscriptions', { headers, data: { url: `${base}/club.ics`, name: 'Verein', color: '#16A34A' } });
    expect(added.status()).toBe(201);
    // the refresh every 15 minutes found the address gone: stored as the service stores it (code, params and the English sentence)
    await service.db.query(
      `UPDATE calendar_subscriptions SET last_error = 'the address answered 404', last_error_code = 'HTTP_STATUS', last_error_params = '{"status": 404}'
        WHERE id = $1`,
      [(await added.json()).id],
    );
    // signed in through the API (the refresh cookie lands in the browser): signIn() looks for English words
    expect((await page.request.post('/api/v1/session', { data: { username: member.username, password: member.password } })).status()).toBe(200);
    await page.goto('/calendar/other');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const list = page.getByRole('list', { name: 'Externe Kalender' });
    await expect(list.getByText('Das letzte Aktualisieren ist fehlgeschlagen: die Adresse antwortete mit dem Fehler 404', { exact: true })).toBeVisible();
    await expect(page.getByText('the address answered')).toHaveCount(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'calendar-outside-5-failed-de.png'), fullPage: true });
  });
});
