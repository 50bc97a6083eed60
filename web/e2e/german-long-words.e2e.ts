import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, seedGroup, seedUser, test } from './support/fixtures';
import type { SeededUser } from './support/service';

// the page's globals, in the functions that run in the browser (this project's Node types have no DOM)
declare const document: any;
declare const window: any;
declare function getComputedStyle(element: any): any;
type Element = any;
type HTMLInputElement = any;

/*
 * Every page at 360 px in German, with the long words a German family writes (names, categories,
 * accounts, places, transactions, notes): nothing scrolls sideways, nothing is cut, no word breaks
 * without a hyphen. Screenshots of each page, light and dark, land in artifacts/screenshots.
 */
test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

const LONG = {
  note: 'Nebenkostenabrechnung prüfen und Haushaltsversicherungsbeitrag überweisen',
  item: 'Donaudampfschifffahrtsgesellschaftskapitänsmütze',
  category: 'Miete (vorgemerkt) und Nebenkostenvorauszahlungen',
  account: 'Gemeinschaftsgirokonto der Familie Schmidt-Yılmaz',
  place: 'Kinderarztpraxis Dr. Müller-Lüdenscheidt am Marktplatz',
  payee: 'Haushaltsversicherungsbeitrag Wohngebäudeversicherung',
  nickname: 'Mehmet-Alexander',
  other: 'Oma Helga-Wilhelmine',
};

/** What sticks out at 360 px: the page's own sideways scroll, and every visible element cut by its box or past the screen's edge. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) found.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return `${element.tagName.toLowerCase()}${id}${classes} "${(element.textContent ?? '')
        .replace(/\u00ad/g, '')
        .trim()
        .slice(0, 60)}"`;
    };
    /** inside a box that scrolls sideways on purpose (a tab bar, a wide table's wrapper) */
    const inScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('.visually-hidden, .honeypot, .skip-link, svg, canvas, .leaflet-container, .maplibregl-map, [aria-hidden="true"]')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || (style.position === 'fixed' && rect.right <= 0)) continue;
      // past the screen's right edge (an element wholly to the left is hidden on purpose)
      if (rect.right > window.innerWidth + 1 && rect.left < window.innerWidth && !inScroller(element))
        found.push(`past the edge (${Math.round(rect.right)} px): ${describe(element)}`);
      // cut by its own box: text that does not fit where overflow is hidden (an ellipsis is intended)
      if (['INPUT', 'TEXTAREA', 'SELECT', 'IMG', 'VIDEO', 'IFRAME'].includes(element.tagName)) continue;
      const clipped = ['hidden', 'clip'].includes(style.overflowX);
      if (clipped && style.textOverflow !== 'ellipsis' && element.scrollWidth > element.clientWidth + 1)
        found.push(`cut (${element.scrollWidth} > ${element.clientWidth}): ${describe(element)}`);
    }
    // a select narrower than the option it shows cuts that option's text (unless a wrapping face behind it shows the choice whole)
    for (const select of document.querySelectorAll('select')) {
      const option = select.selectedOptions[0];
      if (!option || select.getBoundingClientRect().width === 0) continue;
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20; // the arrow
      const text = option.textContent ?? '';
      if (context.measureText(text).width > room && !select.closest('.select')) found.push(`select cuts its choice: "${text}"`);
    }
    return [...new Set(found)];
  });
}

/** Opens `path`, waits for the page's heading, checks it at 360 px and takes it in light and dark. */
async function check(page: Page, path: string, name: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  // loaded: no placeholders left, the page's data in (the live connection keeps the network busy)
  await expect(page.locator('.skeleton-line')).toHaveCount(0);
  await page.waitForTimeout(300);
  // the hyphenation patterns are in and the page's text went through them
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hyphenated ?? '')).toMatch(/^de/);
  expect(await overflows(page), `${path} at 360 px`).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, `360-de-${name}.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SCREENSHOTS, `360-de-${name}-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

async function signInAt(page: Page, user: SeededUser): Promise<Record<string, string>> {
  const login = await page.request.post('/api/v1/session', { data: { username: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).accessToken}` };
}

test.describe('Lange Wörter bei 360 px', () => {
  test('keine Seite scrollt seitwärts, nichts ist abgeschnitten, jedes Wort trennt mit Bindestrich', async ({ page, service }) => {
    test.setTimeout(240_000);
    const group = await seedGroup(service.db, { name: 'Wohngemeinschaft Sonnenblumenstraße', modules: ['Map', 'Budget', 'Notes'], currency: 'EUR' });
    const anna = await seedUser(service.db, group.id, { nickname: LONG.nickname, role: 'Admin' });
    await seedUser(service.db, group.id, { nickname: LONG.other });
    const headers = await signInAt(page, anna);
    const post = async (path: string, data: unknown) => {
      const response = await page.request.post(`/api/v1${path}`, { headers, data });
      expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
      return response.json();
    };
    const category = await post('/categories', { name: LONG.category, color: '#16A34A', icon: 'Basket' });
    await post('/categories', { name: 'Lebensmitteleinkäufe', color: '#2563EB', icon: 'Basket' });
    const account = await post('/budget-accounts', { name: LONG.account, openingBalance: '1250.00' });
    const expense = await post('/transactions', {
      type: 'Expense',
      amount: '1234.56',
      categoryId: category.id,
      budgetAccountId: account.id,
      description: LONG.payee,
    });
    await post('/recurring-transactions', {
      type: 'Expense',
      amount: '89.90',
      frequency: 'Monthly',
      startDate: '2026-12-01',
      categoryId: category.id,
      budgetAccountId: account.id,
      description: LONG.payee,
    });
    await post('/markers', { title: LONG.place, latitude: 48.14, longitude: 11.58, address: 'Sonnenblumenstraße 123, Oberschleißheim' });
    const note = await post('/notes', { title: LONG.note });
    await post(`/notes/${note.id}/items`, { text: LONG.item });
    await post('/notes', { title: 'Wochenendeinkaufsliste für Großeltern' });
    const markers = await (await page.request.get('/api/v1/markers', { headers })).json();
    const marker = (markers.items ?? markers)[0];

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const pages: [string, string][] = [
      ['/notes', 'Notizen'],
      [`/notes/${note.id}`, 'Notiz'],
      ['/notes/new', 'Notiz-neu'],
      ['/map/list', 'Orte'],
      [`/map/markers/${marker.id}`, 'Ort'],
      [`/map/markers/${marker.id}/edit`, 'Ort-bearbeiten'],
      ['/map/trash', 'Papierkorb'],
      ['/budget', 'Haushaltsbuch'],
      ['/budget/transactions', 'Buchungen'],
      ['/budget/transactions/new', 'Buchung-neu'],
      [`/budget/transactions/${expense.id}`, 'Buchung'],
      ['/budget/transactions/import', 'Import'],
      ['/budget/balances', 'Ausgleich'],
      ['/budget/balances/settings', 'Aufteilung'],
      ['/budget/reports', 'Auswertungen'],
      ['/budget/recurring', 'Dauerauftraege'],
      ['/budget/recurring/new', 'Dauerauftrag-neu'],
      ['/budget/categories', 'Kategorien'],
      ['/budget/accounts', 'Konten'],
      ['/members', 'Mitglieder'],
      ['/history', 'Verlauf'],
      ['/account', 'Konto'],
      ['/account/sessions', 'Sitzungen'],
      ['/notifications', 'Benachrichtigungen'],
      ['/menu', 'Menue'],
      ['/welcome', 'Willkommen'],
      ['/admin/users', 'Verwaltung-Benutzer'],
      ['/admin/groups', 'Verwaltung-Gruppen'],
      ['/admin/backups', 'Verwaltung-Sicherungen'],
      ['/admin/registrations', 'Verwaltung-Registrierungen'],
    ];
    const problems: string[] = [];
    for (const [path, name] of pages) {
      try {
        await check(page, path, name);
      } catch (error) {
        problems.push(`${path}: ${(error as Error).message.split('\n').slice(0, 30).join('\n')}`);
      }
    }
    expect(problems).toEqual([]);

    // the budget's sections: one row (it scrolls sideways on its own)
    await page.goto('/budget');
    const sections = page.getByRole('navigation', { name: 'Haushaltsbuch' }).getByRole('listitem');
    // the page's code loads after the document: wait for its sections before measuring them
    await expect(sections).toHaveCount(7);
    const tops = await sections.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
  });

  test('die Kopfzeile zeigt beim Suchen mindestens 12 getippte Zeichen', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const anna = await seedUser(service.db, group.id, { nickname: LONG.nickname });
    await signInAt(page, anna);
    await page.goto('/notes');
    const field = page.getByRole('banner').getByRole('searchbox');
    await field.fill('Nebenkostenabrechnung');
    const shown = await field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      let count = 0;
      while (count < input.value.length && context.measureText(input.value.slice(0, count + 1)).width <= room) count++;
      return count;
    });
    expect(shown).toBeGreaterThanOrEqual(12);
    expect(await overflows(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, '360-de-Suche-in-der-Kopfzeile.png') });
  });
});

test.describe('Zeitzone und Erinnerung in Worten', () => {
  test('die Zone des Geräts zuerst, Zonen nach Region auf Deutsch, durchsuchbar; „jeden Samstag um 08:00“ ohne ein Datum zu suchen', async ({
    page,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
    const headers = await signInAt(page, anna);
    await page.goto('/account');
    const zone = page.getByLabel('Zeitzone', { exact: true });
    await expect(zone.locator('optgroup').first()).toHaveAttribute('label', 'Zone dieses Geräts');
    const groups = await zone.locator('optgroup').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('label')));
    expect(groups[0]).toBe('Zone dieses Geräts');
    expect(groups).toEqual(expect.arrayContaining(['Europa', 'Amerika', 'Asien']));
    await expect(zone.locator('optgroup').first().locator('option')).toHaveText('Berlin – Mitteleuropäische Zeit');
    await page.getByLabel('Zone nach Stadt oder Name finden').fill('zurich');
    await expect(zone.locator('option', { hasText: 'Zurich – Mitteleuropäische Zeit' })).toHaveCount(1);
    await zone.selectOption('Europe/Zurich');
    await expect(zone).toHaveValue('Europe/Zurich');

    const note = await (await page.request.post('/api/v1/notes', { headers, data: { title: 'Mülltonnen rausstellen' } })).json();
    await page.goto(`/notes/${note.id}`);
    await page.getByRole('button', { name: 'Erinnere mich' }).click();
    await page.getByLabel('Wiederholen').selectOption({ label: 'Jede Woche an einem Wochentag' });
    await page.getByLabel('Am', { exact: true }).selectOption({ label: 'Samstag' });
    await page.getByLabel('Uhrzeit', { exact: true }).fill('08:00');
    await expect(page.getByText(/^Die erste: /)).toBeVisible();
    await page.getByRole('button', { name: 'Erinnerung speichern' }).click();
    await expect.poll(async () => (await (await page.request.get(`/api/v1/notes/${note.id}`, { headers })).json()).reminder?.repeat?.frequency).toBe('Weekly');
    const saved = (await (await page.request.get(`/api/v1/notes/${note.id}`, { headers })).json()).reminder;
    // the first time is a Saturday at 08:00 in Berlin
    expect(new Date(saved.at).toLocaleString('de-DE', { timeZone: 'Europe/Berlin', weekday: 'long', hour: '2-digit', minute: '2-digit' })).toBe(
      'Samstag, 08:00',
    );
    expect(await overflows(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, '360-de-Erinnerung-jeden-Samstag.png'), fullPage: true });
  });
});
