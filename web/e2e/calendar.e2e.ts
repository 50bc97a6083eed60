import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';

// the family lives in Berlin: the weekly 10:00 stays 10:00 whatever the season
test.use({ timezoneId: 'Europe/Berlin' });

/** The next Saturday after today in Berlin (at least one day ahead), and the one a week later. */
function nextSaturdays(): [string, string] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() !== 6);
  const first = date.toISOString().slice(0, 10);
  date.setUTCDate(date.getUTCDate() + 7);
  return [first, date.toISOString().slice(0, 10)];
}

/** "Saturday 5 December" as the agenda's day heading says it in en-GB. */
const dayHeading = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

test.describe('Calendar', () => {
  test("a weekly event made at 360 px, one occurrence moved (only this one), and another member's open agenda shows both live", async ({
    page,
    browser,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Calendar', 'Notes'] });
    const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
    const tom = await seedUser(service.db, group.id, { nickname: 'Tom' });
    mkdirSync(SCREENSHOTS, { recursive: true });
    const [first, second] = nextSaturdays();

    // Tom has the agenda open in a browser of his own
    const tomContext = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-GB', timezoneId: 'Europe/Berlin' });
    const tomPage = await tomContext.newPage();
    await signIn(tomPage, tom);
    await tomPage.goto('/calendar');
    await expect(tomPage.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(tomPage.getByText('Nothing in the next 8 weeks')).toBeVisible();
    const tomShot = (name: string) => tomPage.screenshot({ path: join(SCREENSHOTS, `calendar-tom-${name}.png`), fullPage: true });

    // Mia: the Calendar in the navigation, "New event", a title, Saturday 10:00, every Saturday, save
    await signIn(page, mia);
    await page.getByRole('link', { name: 'Calendar' }).first().click();
    await page.getByRole('link', { name: 'New event' }).click();
    await page.getByLabel('What').fill('Football');
    await page.getByLabel('Date', { exact: true }).fill(first);
    await page.getByLabel('Starts', { exact: true }).fill('10:00');
    await page.getByLabel('Ends', { exact: true }).fill('11:00');
    const repeats = page.getByLabel('Repeats');
    await expect(repeats.locator('option', { hasText: 'Every second Saturday' })).toHaveCount(1);
    await repeats.selectOption({ label: 'Every Saturday' });
    await page.screenshot({ path: join(SCREENSHOTS, 'calendar-mia-1-new-event.png'), fullPage: true });
    await page.getByRole('button', { name: 'Add event' }).click();

    // back on Mia's agenda: a Football every Saturday at 10:00
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    const miaFirst = page.getByRole('region', { name: dayHeading(first) });
    await expect(miaFirst.getByRole('link', { name: /10:00–11:00\s*Football/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Football/ })).not.toHaveCount(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'calendar-mia-2-agenda.png'), fullPage: true });

    // Tom's agenda shows it without a reload
    const tomSecond = tomPage.getByRole('region', { name: dayHeading(second) });
    await expect(tomSecond.getByRole('link', { name: /10:00–11:00\s*Football/ })).toBeVisible({ timeout: 5000 });
    await tomShot('1-series-arrived');

    // Mia moves the second Saturday's to 11:00 ("only this one")
    await page
      .getByRole('region', { name: dayHeading(second) })
      .getByRole('link', { name: /Football/ })
      .click();
    await expect(page.getByRole('paragraph').filter({ hasText: /^Every Saturday$/ })).toBeVisible();
    await expect(page.getByLabel('Repeats')).toHaveValue('weekly');
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(second);
    await page.getByLabel('Starts', { exact: true }).fill('11:00');
    await page.getByLabel('Ends', { exact: true }).fill('12:00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const question = page.getByRole('dialog', { name: 'Change which events of the series?' });
    await expect(question.getByRole('button', { name: 'This and the following ones' })).toBeVisible();
    await expect(question.getByRole('button', { name: 'All events of the series' })).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'calendar-mia-3-which.png'), fullPage: true });
    await question.getByRole('button', { name: 'Only this one' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(page.getByRole('region', { name: dayHeading(second) }).getByRole('link', { name: /11:00–12:00\s*Football/ })).toBeVisible();

    // Tom sees the moved one live; the other Saturdays stay at 10:00
    await expect(tomSecond.getByRole('link', { name: /11:00–12:00\s*Football/ })).toBeVisible({ timeout: 5000 });
    await expect(tomSecond.getByRole('link', { name: /10:00–11:00/ })).toHaveCount(0);
    await expect(tomPage.getByRole('region', { name: dayHeading(first) }).getByRole('link', { name: /10:00–11:00\s*Football/ })).toBeVisible();
    await tomShot('2-occurrence-moved');

    // the week and month views at 360 px
    await tomPage.getByRole('link', { name: 'Month' }).click();
    await expect(tomPage.getByRole('table')).toBeVisible();
    await tomShot('3-month');
    await tomPage.getByRole('link', { name: 'Week' }).click();
    await expect(tomPage.getByRole('button', { name: 'Today' })).toBeVisible();
    await tomShot('4-week');
    await tomContext.close();
  });

  test('On your phone: the CalDAV address, the username, a dav password in one tap, and a feed address to copy', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Calendar', 'Budget', 'Notes'] });
    const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
    await signIn(page, anna);
    await page.goto('/calendar');
    await page.getByRole('link', { name: 'On your phone' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'On your phone' })).toBeVisible();
    await expect(page.getByLabel('Server address')).toHaveValue(new URL('/dav/', page.url()).toString());
    await expect(page.getByLabel('Username')).toHaveValue(anna.username);
    await expect(page.getByRole('heading', { name: 'Android (with DAVx⁵)' })).toBeVisible();

    await page.getByRole('button', { name: 'Make a password for my phone' }).click();
    const password = page.getByLabel('Password for the phone');
    await expect(password).toHaveValue(/^hearth_pat_/);
    // the password signs in to CalDAV (HTTP Basic with the username), never the account's password
    const dav = await page.request.fetch('/dav/', {
      method: 'PROPFIND',
      headers: { authorization: `Basic ${Buffer.from(`${anna.username}:${await password.inputValue()}`).toString('base64')}`, depth: '0' },
    });
    expect(dav.status()).toBe(207);

    await page.getByLabel('Name', { exact: true }).fill('Kitchen tablet');
    await page.getByRole('button', { name: 'Make a feed address' }).click();
    const feed = page.getByRole('textbox', { name: 'Feed address' });
    await expect(feed).toHaveValue(/\/ical\/.+\.ics$/);
    const ics = await page.request.get(await feed.inputValue());
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    await expect(page.getByRole('button', { name: 'Copy' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'End “Kitchen tablet”' })).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'calendar-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'End “Kitchen tablet”' }).click();
    await expect(page.getByText('No feed addresses yet.')).toBeVisible();
  });
});
