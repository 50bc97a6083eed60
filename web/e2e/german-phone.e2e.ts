import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, seedGroup, seedUser, test } from './support/fixtures';
import type { SeededUser } from './support/service';

/*
 * A German family on a 360 px phone: the app speaks German from the browser's languages, amounts
 * are typed as Germans write them, history and import read on a phone, a new member is welcomed,
 * and the installed app says what works offline. Fields of pages whose texts another part of the
 * app owns are found by their ids, so these tests hold whatever their German wording.
 */
test.use({ locale: 'de-DE' });

/** Signs in through the API (the refresh cookie lands in the browser), then opens `path`; returns the bearer headers. */
async function signInAt(page: Page, user: SeededUser, path: string): Promise<Record<string, string>> {
  const login = await page.request.post('/api/v1/session', { data: { username: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  await page.goto(path);
  return { authorization: `Bearer ${(await login.json()).accessToken}` };
}

/** The page as a screenshot, in light and dark. */
async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), ...options });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-dark.png`), ...options });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The same page in English: the account's language changed through the API, the page loaded again. */
async function inEnglish(page: Page, headers: Record<string, string>): Promise<void> {
  expect((await page.request.put('/api/v1/account', { headers, data: { locale: 'en' } })).status()).toBe(200);
  await page.reload();
}

test.describe('Auf Deutsch, am Telefon', () => {
  test('der Anfangsstand „1.250,00“ wird als 1250.00 gelesen und als 1.250,00 € gezeigt', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
    const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
    await signInAt(page, anna, '/budget/accounts');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.locator('#account-name').fill('Gemeinschaftskonto');
    await page.locator('#account-opening-balance').fill('1.250,00');
    await page.locator('#account-opening-balance').press('Enter');
    await expect(page.getByRole('list').filter({ hasText: 'Gemeinschaftskonto' })).toContainText('1.250,00\u00a0€');
    const { rows } = await service.db.query('SELECT opening_balance FROM budget_accounts WHERE group_id = $1', [group.id]);
    expect(rows).toEqual([{ opening_balance: '1250.00' }]);
    // the account now speaks German: the device's language was taken on at the first sign-in
    const { rows: users } = await service.db.query('SELECT locale FROM users WHERE id = $1', [anna.id]);
    expect(users).toEqual([{ locale: 'de' }]);
  });

  test('ein Kontoauszug mit 25 Zeilen: nach Empfänger gruppiert, eine Wahl für alle Zeilen eines Empfängers', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
    const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
    const account = randomUUID();
    await service.db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, 'Girokonto', true)`, [account, group.id]);
    const categories: Record<string, string> = {};
    for (const [i, name] of ['Lebensmittel', 'Gehalt', 'Wohnen', 'Sonstiges'].entries()) {
      categories[name] = randomUUID();
      await service.db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, $3, '#16A34A', 'ShoppingCart', $4)`, [
        categories[name],
        group.id,
        name,
        i + 1,
      ]);
    }
    // 25 rows, 9 payees: ALDI five times, REWE four times, a salary and a refund coming in
    const payees: [string, string, string][] = [
      ['ALDI SÜD', 'Kartenzahlung', '-23,45'],
      ['REWE Markt GmbH', 'Einkauf', '-41,10'],
      ['Stadtwerke München', 'Abschlag Strom', '-78,00'],
      ['ALDI SÜD', 'Kartenzahlung', '-12,99'],
      ['Arbeitgeber AG', 'Gehalt', '3.250,00'],
      ['Zalando SE', 'Erstattung Retoure', '39,99'],
      ['REWE Markt GmbH', 'Einkauf', '-8,20'],
      ['Deutsche Bahn', 'Fahrkarte', '-29,90'],
      ['ALDI SÜD', 'Kartenzahlung', '-31,07'],
      ['Apotheke am Markt', 'Kartenzahlung', '-6,50'],
      ['Hausverwaltung Schäfer', 'Miete', '-1.234,56'],
      ['REWE Markt GmbH', 'Einkauf', '-17,35'],
      ['ALDI SÜD', 'Kartenzahlung', '-9,99'],
      ['Deutsche Bahn', 'Fahrkarte', '-29,90'],
      ['Bäckerei Müller', 'Brötchen', '-4,80'],
      ['REWE Markt GmbH', 'Einkauf', '-55,00'],
      ['Bäckerei Müller', 'Kuchen', '-12,40'],
      ['ALDI SÜD', 'Kartenzahlung', '-19,95'],
      ['Apotheke am Markt', 'Kartenzahlung', '-3,20'],
      ['Stadtwerke München', 'Abschlag Gas', '-64,00'],
      ['Bäckerei Müller', 'Brötchen', '-3,60'],
      ['Deutsche Bahn', 'Fahrkarte', '-12,00'],
      ['Zalando SE', 'Bestellung', '-79,95'],
      ['Apotheke am Markt', 'Kartenzahlung', '-8,75'],
      ['Bäckerei Müller', 'Brezen', '-2,40'],
    ];
    const lines = payees.map(([payee, text, amount], i) => {
      const date = `${String(i + 1).padStart(2, '0')}.11.2026`;
      return `${date};${date};${payee};Lastschrift;${text} ${i + 1};${amount.startsWith('-') ? amount : ''};${amount.startsWith('-') ? '' : amount};EUR`;
    });
    const csv = ['Buchungstag;Valuta;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Soll;Haben;Währung', ...lines].join('\r\n');

    await signInAt(page, anna, '/budget/transactions/import');
    await expect(page.getByRole('heading', { name: 'Kontoauszug importieren' })).toBeVisible();
    await page.getByLabel('Datei des Kontoauszugs').setInputFiles({ name: 'umsaetze.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
    await page.getByRole('button', { name: 'Kontoauszug lesen' }).click();

    const groups = page.getByRole('list', { name: 'Zeilen des Kontoauszugs nach Empfänger' }).locator(':scope > li');
    await expect(groups).toHaveCount(9);
    await expect(page.getByText('25 Zeilen gelesen, 9 Empfänger; 25 werden hinzugefügt.')).toBeVisible();
    // compact: the 25 rows fit in two screens of a 360 × 780 phone
    expect(await page.evaluate('document.documentElement.scrollHeight')).toBeLessThanOrEqual(2 * 780);
    await shoot(page, 'Deutsch-Import-Vorschau-nach-Empfaenger', { fullPage: true });

    // "Add" before choosing: one message, not a link per row
    await page.getByRole('button', { name: '25 Buchungen hinzufügen' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Wähle eine Kategorie für 25 Zeilen (9 Empfänger)');
    await expect(alert.getByRole('link')).toHaveCount(1);

    // one choice for the five ALDI rows
    const aldi = groups.filter({ hasText: 'ALDI SÜD' });
    await aldi.getByLabel('Kategorie für ALDI SÜD (5 Zeilen)').selectOption({ label: 'Lebensmittel' });
    await aldi.getByRole('button', { name: /ALDI SÜD/ }).click();
    await expect(aldi.getByRole('button', { name: /ALDI SÜD/ })).toHaveAttribute('aria-expanded', 'true');
    const aldiRows = aldi.getByLabel(/^Kategorie für ALDI SÜD vom/);
    await expect(aldiRows).toHaveCount(5);
    for (const select of await aldiRows.all()) await expect(select.locator('option:checked')).toHaveText('Lebensmittel');
    await groups.filter({ hasText: 'Arbeitgeber AG' }).getByLabel('Kategorie für Arbeitgeber AG').selectOption({ label: 'Gehalt' });
    await groups
      .filter({ hasText: 'Hausverwaltung' })
      .getByLabel(/^Kategorie für Hausverwaltung/)
      .selectOption({ label: 'Wohnen' });
    // and the rest in one go
    await page.getByLabel('Kategorie für alle übrigen Zeilen (18 ohne)').selectOption({ label: 'Sonstiges' });
    await expect(page.getByLabel(/Kategorie für alle übrigen Zeilen/)).toHaveCount(0);
    await page.getByRole('button', { name: '25 Buchungen hinzufügen' }).click();

    // the result where the person looks: at the top, focused, with a link to the rows
    const result = page.getByRole('heading', { name: '25 Buchungen importiert' });
    await expect(result).toBeFocused();
    await expect(result).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Importierte Buchungen anzeigen' })).toHaveAttribute(
      'href',
      /budgetAccountId=.*from=2026-11-01.*to=2026-11-25/,
    );
    await shoot(page, 'Deutsch-Import-Ergebnis');
    const { rows } = await service.db.query(
      `SELECT c.name, count(*)::int AS n FROM transactions t JOIN categories c ON c.id = t.category_id WHERE t.group_id = $1 GROUP BY c.name ORDER BY c.name`,
      [group.id],
    );
    expect(rows).toEqual([
      { name: 'Gehalt', n: 1 },
      { name: 'Lebensmittel', n: 5 },
      { name: 'Sonstiges', n: 18 },
      { name: 'Wohnen', n: 1 },
    ]);
  });

  test('der Verlauf: jeder Satz ganz, Einnahme und Ausgabe unterschieden, Einzelheiten auf Antippen', async ({ page, request, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget', 'Notes'], currency: 'EUR' });
    const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
    const ben = await seedUser(service.db, group.id, { nickname: 'Ben' });
    const login = await request.post('/api/v1/session', { data: { username: ben.username, password: ben.password } });
    const benHeaders = { authorization: `Bearer ${(await login.json()).accessToken}` };
    const post = async (path: string, data: unknown) => {
      const response = await request.post(`/api/v1${path}`, { headers: benHeaders, data });
      expect(response.status()).toBe(201);
      return response.json();
    };
    const other = await post('/categories', { name: 'Sonstiges', color: '#16A34A', icon: 'Basket' });
    await post('/budget-accounts', { name: 'Gemeinschaftskonto', openingBalance: '1250.00' });
    const refund = await post('/transactions', { type: 'Income', amount: '39.99', categoryId: other.id, description: 'Zalando Erstattung' });
    await post('/transactions', { type: 'Expense', amount: '12.50', categoryId: other.id, description: 'Wochenmarkt' });
    const put = await request.put(`/api/v1/transactions/${refund.id}`, {
      headers: benHeaders,
      data: { type: 'Income', amount: '49.99', categoryId: other.id, description: 'Zalando Erstattung', date: refund.date },
    });
    expect(put.status()).toBe(200);
    const note = await post('/notes', { title: 'Einkaufsliste für das Wochenende bei den Großeltern' });
    await post(`/notes/${note.id}/items`, { text: 'Donaudampfschifffahrtsgesellschaftskapitänsmütze' });

    await signInAt(page, anna, '/history');
    const today = page.getByRole('region', { name: 'Heute' });
    const rows = today.getByRole('listitem');
    for (const sentence of [
      'Ben hat eine Einnahme von 39,99\u00a0€ erfasst: Zalando Erstattung · Sonstiges',
      'Ben hat eine Ausgabe von 12,50\u00a0€ erfasst: Wochenmarkt · Sonstiges',
      'Ben hat die Buchung Sonstiges von 39,99\u00a0€ auf 49,99\u00a0€ geändert',
      'Ben hat das Konto „Gemeinschaftskonto“ mit 1.250,00\u00a0€ angelegt',
      'Ben hat die Liste „Einkaufsliste für das Wochenende bei den Großeltern“ angelegt',
      'Ben hat „Donaudampfschifffahrtsgesellschaftskapitänsmütze“ zu „Einkaufsliste für das Wochenende bei den Großeltern“ hinzugefügt',
    ]) {
      await expect(rows.filter({ hasText: sentence })).toHaveCount(1);
    }
    // every sentence whole and visible: nothing cut, nothing wider than the phone
    const spans = page.locator('.history-sentence');
    for (let i = 0; i < (await spans.count()); i++) {
      const span = spans.nth(i);
      expect(await span.evaluate((node) => node.scrollWidth > node.clientWidth + 1)).toBe(false);
      await expect(span).not.toHaveCSS('text-overflow', 'ellipsis');
    }
    await expect(page.locator('main')).not.toContainText(/Transaction|Created|Updated|history\./);

    // a tap shows what changed, and whose money it was
    const changed = rows.filter({ hasText: 'von 39,99\u00a0€ auf 49,99\u00a0€' });
    await changed.getByRole('button').click();
    await expect(changed.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    const details = changed.getByRole('table');
    await expect(details.getByRole('columnheader', { name: 'Vorher' })).toBeVisible();
    await expect(details.getByRole('row', { name: /Betrag/ })).toContainText('39,99\u00a0€');
    await expect(details.getByRole('row', { name: /Betrag/ })).toContainText('49,99\u00a0€');
    await expect(details.getByRole('row', { name: /Empfänger/ })).toContainText('Zalando Erstattung');
    await shoot(page, 'Deutsch-Verlauf-mit-Einzelheiten');

    const session = await page.request.post('/api/v1/session', { data: { username: anna.username, password: anna.password } });
    const headers = { authorization: `Bearer ${(await session.json()).accessToken}` };
    await inEnglish(page, headers);
    await expect(
      page.getByRole('region', { name: 'Today' }).getByRole('listitem').filter({ hasText: 'Ben added income €39.99 Zalando Erstattung · Sonstiges' }),
    ).toHaveCount(1);
    await shoot(page, 'English-History-at-360');
  });

  test('das erste Bild eines neuen Mitglieds sagt, wo es ist und was es tun kann', async ({ page, request, service }) => {
    const group = await seedGroup(service.db, { name: 'Familie Berg', modules: ['Notes', 'Map', 'Budget'] });
    const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
    const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
    const login = await request.post('/api/v1/session', { data: { username: anna.username, password: anna.password } });
    const annaHeaders = { authorization: `Bearer ${(await login.json()).accessToken}` };
    const list = await request.post('/api/v1/notes', { headers: annaHeaders, data: { title: 'Wocheneinkauf' } });
    const { id } = await list.json();
    for (const text of ['Milch', 'Brot'])
      expect((await request.post(`/api/v1/notes/${id}/items`, { headers: annaHeaders, data: { text } })).status()).toBe(201);

    const headers = await signInAt(page, mia, '/welcome');
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Mia' })).toBeVisible();
    await expect(page.getByText('Du bist in Familie Berg auf Hearth, zusammen mit Anna.')).toBeVisible();
    const can = page.getByRole('region', { name: 'Was du hier tun kannst' });
    for (const module of ['Notizen', 'Karte', 'Haushaltsbuch']) await expect(can.getByRole('link', { name: module })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Mit dir geteilte Listen' }).getByRole('link', { name: 'Wocheneinkauf' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Fang hier an' }).getByRole('link', { name: 'Liste „Wocheneinkauf“ öffnen' })).toHaveAttribute(
      'href',
      `/notes/${id}`,
    );
    await shoot(page, 'Deutsch-Willkommen-neues-Mitglied');
    await inEnglish(page, headers);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Mia' })).toBeVisible();
    await shoot(page, 'English-Welcome-new-member');
  });

  test('der Monatsbericht: höchstens zwei Bildschirme bis zu den Tagen, die aufklappen', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
    const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
    const account = randomUUID();
    await service.db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, 'Girokonto', true)`, [account, group.id]);
    const names = ['Lebensmittel', 'Wohnen', 'Mobilität', 'Gesundheit', 'Freizeit', 'Kleidung', 'Versicherungen', 'Gehalt'];
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      ids.push(randomUUID());
      await service.db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, $3, '#16A34A', 'ShoppingCart', $4)`, [
        ids[i],
        group.id,
        name,
        i + 1,
      ]);
    }
    for (let day = 1; day <= 24; day++) {
      const income = day === 1;
      await service.db.query(
        `INSERT INTO transactions (id, group_id, type, amount, date, category_id, budget_account_id, created_by_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          randomUUID(),
          group.id,
          income ? 'Income' : 'Expense',
          income ? '3250.00' : `${day * 3}.45`,
          `2026-11-${String(day).padStart(2, '0')}`,
          ids[income ? 7 : day % 7],
          account,
          anna.id,
        ],
      );
    }
    await signInAt(page, anna, '/budget/reports?month=2026-11');
    const days = page.getByRole('button', { name: '24 Tage mit Einnahmen oder Ausgaben' });
    await expect(days).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('table', { name: 'Je Kategorie' })).toContainText('Versicherungen');
    // both charts drawn (they load after the page), so the height is the real one
    await expect(page.getByRole('img', { name: /Ausgaben je Kategorie/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /je Tag des Monats/ })).toBeVisible();
    const top = (await days.boundingBox())!.y;
    expect(top).toBeLessThanOrEqual(2 * 780);
    await shoot(page, 'Deutsch-Monatsbericht', { fullPage: true });
    await days.click();
    await expect(days).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('table', { name: 'Tage mit Einnahmen oder Ausgaben' }).getByRole('row')).toHaveCount(25);
  });

  test('die Sprache wird im Konto gewählt: die App wechselt sofort, das Konto behält sie', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
    await signInAt(page, anna, '/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Dein Konto' })).toBeVisible();
    const language = page.getByRole('group', { name: 'Hearth und die E-Mails, die es dir schickt, verwenden diese Sprache.' });
    await expect(language.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
    // the radio follows once the account has saved the choice: wait for the page in English, not for the radio
    await language.getByRole('radio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect.poll(async () => (await service.db.query('SELECT locale FROM users WHERE id = $1', [anna.id])).rows[0].locale).toBe('en');
    // the account's choice wins over the browser's German, on this device as on a new one
    await page.evaluate("localStorage.removeItem('hearth.locale')");
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  });

  test('offline geöffnet, bevor sich jemand angemeldet hat: mit Kopfzeile und was dann geht', async ({ page, context }) => {
    await page.goto('/sign-in');
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    if (!(await page.evaluate('!!navigator.serviceWorker.controller'))) await page.reload();
    await expect.poll(() => page.evaluate('!!navigator.serviceWorker.controller')).toBe(true);
    await context.setOffline(true);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Hearth' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Du bist offline' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sobald sich hier jemand angemeldet hat' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    await shoot(page, 'Deutsch-offline-vor-der-Anmeldung');
  });
});
