import { createServer, type Server } from 'node:http';
import { CalendarSubscriptionsService } from '../../src/modules/calendar/subscriptions/subscriptions.service';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { openStream, type TestStream } from '../support/sse';
import { waitFor } from '../support/wait';

/**
 * Outside calendars and feeds are live (docs/calendar.md, docs/live.md): an outside calendar added,
 * refreshed with new events or removed reaches the other members' open streams and the group's
 * history; a member's own feed address reaches only that member's streams and history.
 */

let t: TestApp;
let base: string;
let server: Server;
let ics: string;
let icsUrl: string;

const holidays = (summary: string) =>
  [
    ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//school//EN', 'BEGIN:VEVENT', 'UID:easter@school.example', 'DTSTAMP:20260101T000000Z'],
    ...['DTSTART;VALUE=DATE:20260330', 'DTEND;VALUE=DATE:20260411', `SUMMARY:${summary}`, 'END:VEVENT', 'END:VCALENDAR', ''],
  ].join('\r\n');

beforeAll(async () => {
  t = await createTestApp({ NOTIFY_ALLOW_PRIVATE_URLS: 'true' });
  await t.app.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
  ics = holidays('Easter holidays');
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar' });
    response.end(ics);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  icsUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/holidays.ics`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

const calendarChanges = (stream: TestStream, entityType: string) =>
  stream
    .changes()
    .filter((c) => c.entityType === entityType)
    .map((c) => `${c.action} ${c.entityId}`);

async function historyTypes(token: string): Promise<{ entityType: string; action: string; entityLabel: string | null; changes: unknown }[]> {
  const response = await t.api('GET', '/action-histories?pageSize=100', { token });
  expect(response.statusCode).toBe(200);
  return response.json().items.filter((row: { entityType: string }) => row.entityType === 'CalendarSubscription' || row.entityType === 'CalendarFeed');
}

describe('outside calendars and feeds, live', () => {
  it("an outside calendar reaches the other members' streams and the history; a feed only its owner's", async () => {
    const anna = await signedInUser(t);
    const groupId = (await t.db.query('SELECT group_id FROM users WHERE id = $1', [anna.id]))[0].group_id;
    const ben = await signedInUser(t, { groupId });
    const cleo = await signedInUser(t); // another group
    const [annaPhone, benStream, cleoStream] = await Promise.all([
      openStream(base, anna.accessToken),
      openStream(base, ben.accessToken),
      openStream(base, cleo.accessToken),
    ]);
    try {
      // Anna subscribes: Ben's open calendar hears of it
      const created = await t.api('POST', '/calendar/subscriptions', { token: anna.accessToken, payload: { url: icsUrl, name: 'School', color: '#16A34A' } });
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      await benStream.next((e) => e.event === 'change' && e.data.entityType === 'CalendarSubscription' && e.data.action === 'Created', 5000);
      expect(benStream.changes().find((c) => c.entityType === 'CalendarSubscription')).toMatchObject({ entityId: id, userId: anna.id });

      // renamed and recoloured: Ben hears of it; the same name again changes nothing
      const payload = { name: 'School holidays', color: '#dc2626' };
      const renamed = await t.api('PATCH', `/calendar/subscriptions/${id}`, { token: anna.accessToken, payload });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'School holidays', color: '#DC2626' });
      await benStream.next((e) => e.event === 'change' && e.data.entityType === 'CalendarSubscription' && e.data.action === 'Updated', 5000);
      expect((await t.api('PATCH', `/calendar/subscriptions/${id}`, { token: anna.accessToken, payload: { name: 'School holidays' } })).statusCode).toBe(200);

      // a refresh that brought new events: announced (by the system); one that brought nothing new: not
      const service = t.app.get(CalendarSubscriptionsService);
      await service.refreshAll();
      ics = holidays('Easter holidays (longer)');
      await service.refreshAll();
      await waitFor(async () => calendarChanges(benStream, 'CalendarSubscription').length === 3);

      // Anna makes a feed address for her phone: her other device hears of it
      const feed = await t.api('POST', '/calendar/feeds', { token: anna.accessToken, payload: { name: 'My phone', layers: ['events'] } });
      expect(feed.statusCode).toBe(201);
      await annaPhone.next((e) => e.event === 'change' && e.data.entityType === 'CalendarFeed', 5000);
      expect((await t.api('DELETE', `/calendar/feeds/${feed.json().id}`, { token: anna.accessToken })).statusCode).toBe(204);

      // Anna unsubscribes: Ben hears of it (after the feed's two changes, which he is never sent)
      expect((await t.api('DELETE', `/calendar/subscriptions/${id}`, { token: anna.accessToken })).statusCode).toBe(204);
      await benStream.next((e) => e.event === 'change' && e.data.entityType === 'CalendarSubscription' && e.data.action === 'Deleted', 5000);
      await annaPhone.next((e) => e.event === 'change' && e.data.entityType === 'CalendarSubscription' && e.data.action === 'Deleted', 5000);

      expect(calendarChanges(benStream, 'CalendarSubscription')).toEqual([`Created ${id}`, `Updated ${id}`, `Updated ${id}`, `Deleted ${id}`]);
      expect(calendarChanges(benStream, 'CalendarFeed')).toEqual([]);
      expect(calendarChanges(annaPhone, 'CalendarFeed')).toEqual([`Created ${feed.json().id}`, `Deleted ${feed.json().id}`]);
      expect(cleoStream.changes().filter((c) => c.entityType.startsWith('Calendar'))).toEqual([]);

      // the history: the group's outside calendar for both, the feed for Anna alone
      const benHistory = await historyTypes(ben.accessToken);
      expect(benHistory.map((r) => `${r.entityType} ${r.action} ${r.entityLabel}`)).toEqual([
        'CalendarSubscription Deleted School holidays',
        'CalendarSubscription Updated School holidays',
        'CalendarSubscription Updated School holidays',
        'CalendarSubscription Created School',
      ]);
      expect(benHistory[2]).toMatchObject({ changes: { name: { old: 'School', new: 'School holidays' }, color: { old: '#16A34A', new: '#DC2626' } } });
      const annaHistory = await historyTypes(anna.accessToken);
      expect(annaHistory.map((r) => `${r.entityType} ${r.action} ${r.entityLabel}`)).toEqual([
        'CalendarSubscription Deleted School holidays',
        'CalendarFeed Deleted My phone',
        'CalendarFeed Created My phone',
        'CalendarSubscription Updated School holidays',
        'CalendarSubscription Updated School holidays',
        'CalendarSubscription Created School',
      ]);
      expect(await historyTypes(cleo.accessToken)).toEqual([]);
    } finally {
      for (const stream of [annaPhone, benStream, cleoStream]) stream.close();
    }
  });
});
