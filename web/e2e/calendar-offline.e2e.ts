import { join } from 'node:path';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';
import { headersOf } from './support/api';
import { controlledByServiceWorker, kept, offlineBar } from './support/kept';

/**
 * The calendar's next 8 weeks with no network (docs/calendar.md, Offline). The clocks stand at
 * Thursday 5 March 2026 00:30 in Berlin, the family's zone: still Wednesday in UTC and in New York,
 * so a day worked out in any other zone than the person's shows another week. The events lie
 * near midnight on both sides, so one read in another zone moves to the day before.
 */
const NOW = new Date('2026-03-04T23:30:00Z');
const EVENTS = [
  // Thursday 23:00–23:45 and Friday 00:15–01:00 in Berlin (CET): 22:00Z and 23:15Z on Thursday
  { title: 'Late swim', start: '2026-03-05T23:00:00+01:00', end: '2026-03-05T23:45:00+01:00' },
  { title: 'Night train', start: '2026-03-06T00:15:00+01:00', end: '2026-03-06T01:00:00+01:00' },
  // six weeks on, after the clocks went forward (CEST): 00:30 on Thursday is 22:30Z on Wednesday
  { title: 'Grandma lands', start: '2026-04-16T00:30:00+02:00', end: '2026-04-16T01:30:00+02:00' },
];

// the phone at home, and the phone on a trip to New York (the calendar keeps the person's zone)
for (const phoneZone of ['Europe/Berlin', 'America/New_York']) {
  test.describe(`Calendar offline, the phone in ${phoneZone}`, () => {
    test.use({ timezoneId: phoneZone });

    test("after one visit, this week's agenda and an event 6 weeks ahead open with no network, on their days", async ({ page, context, request, service }) => {
      const group = await seedGroup(service.db, { modules: ['Calendar'] });
      const member = await seedUser(service.db, group.id, { nickname: 'Ines' });
      const headers = await headersOf(request, member);
      const zone = await request.put('/api/v1/account/notification-settings', { headers, data: { timeZone: 'Europe/Berlin' } });
      expect(zone.status()).toBe(200);
      for (const event of EVENTS) {
        const made = await request.post('/api/v1/calendar/events', { headers, data: { ...event, allDay: false, timeZone: 'Europe/Berlin' } });
        expect(made.status()).toBe(201);
      }
      await page.clock.setFixedTime(NOW);

      await signIn(page, member);
      await controlledByServiceWorker(page);
      await page.goto('/calendar');
      const today = page.getByRole('region', { name: 'Today, Thursday 5 March' });
      const tomorrow = page.getByRole('region', { name: 'Tomorrow, Friday 6 March' });
      const sixWeeks = page.getByRole('region', { name: 'Thursday 16 April' });
      await expect(today.getByRole('link', { name: /23:00–23:45\s*Late swim/ })).toBeVisible();
      await expect(sixWeeks.getByRole('link', { name: /00:30–01:30\s*Grandma lands/ })).toBeVisible();
      // the agenda's 8 weeks are kept on the device
      await expect.poll(async () => (await kept(page)).data, { timeout: 20_000 }).toContain('Grandma lands');

      await context.setOffline(true);
      await page.reload();
      await expect(offlineBar(page)).toContainText(/Offline — last updated \d\d:\d\d/);
      await expect(today.getByRole('link', { name: /23:00–23:45\s*Late swim/ })).toBeVisible();
      await expect(tomorrow.getByRole('link', { name: /00:15–01:00\s*Night train/ })).toBeVisible();
      await expect(sixWeeks.getByRole('link', { name: /00:30–01:30\s*Grandma lands/ })).toBeVisible();
      await expect(page.getByRole('region', { name: /Wednesday 4 March|Wednesday 15 April/ })).toHaveCount(0);
      await page.screenshot({ path: join(SCREENSHOTS, `calendar-offline-${phoneZone.replace('/', '-')}.png`), fullPage: true });
    });
  });
}
