import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { expect, SCREENSHOTS, seedGroup, seedUser, test, waitForCaptcha } from './support/fixtures';

// a German phone: the app speaks German from the first visit
test.use({ locale: 'de-DE' });

/**
 * Words of the English interface (and English grammar words) that a German page must not show. Names
 * the family typed are German here; words German shares with English (Name, Status, Text, Link,
 * Bank, Browser, Administrator) are left out.
 */
const ENGLISH = new RegExp(
  [
    'Sign (in|out)',
    'Add',
    'Save',
    'Cancel',
    'Delete',
    'Edit',
    'Close',
    'Loading',
    'Menu',
    'Members',
    'History',
    'Accounts?',
    'Places?',
    'Notes?',
    'Map',
    'Transactions?',
    'Categor(y|ies)',
    'Reports?',
    'Recurring',
    'Overview',
    'Trash',
    'List',
    'Search',
    'Filters?',
    'Next',
    'Previous',
    'Page',
    'Try again',
    'Skip',
    'New',
    'Create',
    'Registrations?',
    'Users?',
    'Groups?',
    'Backups?',
    'Start',
    'Download',
    'Pinned',
    'Private',
    'Done',
    'Income',
    'Expenses?',
    'Net',
    'Total',
    'Default',
    'Disabled',
    'Modules?',
    'Currency',
    'Role',
    'Email',
    'Welcome',
    'Photos?',
    'Coming up',
    'Set up',
    'Zoom',
    'Actions',
    'Find',
    'Manage',
    'Sortable',
    'the',
    'and',
    'your',
    'you',
    'with',
    'of',
    'is',
    'are',
    'to',
    'yet',
    'no',
  ]
    .map((word) => `(?<!\\p{L})(${word})(?!\\p{L})`)
    .join('|'),
  'iu',
);

/** Parts of pages left out of the check (none: every page is in the message files). */
const NOT_YET_TRANSLATED: string[] = [];

/** Every piece of text on the page a person can read or hear: text nodes, labels, titles, placeholders. */
async function englishOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate((skipped) => {
    const doc = (globalThis as unknown as { document: any }).document;
    const outside = (element: any) => !skipped.some((selector) => element.closest(selector));
    const found: string[] = [];
    const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && outside(parent) && !['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName) && node.textContent.trim())
        found.push(node.textContent.trim());
    }
    const spoken = ['aria-label', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt'];
    for (const element of doc.querySelectorAll(spoken.map((name) => `[${name}]`).join(', '))) {
      if (!outside(element)) continue;
      for (const name of spoken) if (element.getAttribute(name)) found.push(element.getAttribute(name));
    }
    return found;
  }, NOT_YET_TRANSLATED);
  // people's own data is not the app's wording: the browser tests share one service, so the admin
  // pages list every test's seeded users ("Anna (user_a4d0d9a2)", "user_04779872 verwalten") and
  // backup files ("hearth-backup-20261127-125324Z.tar.gz herunterladen")
  const PEOPLES_DATA = /[\w.+-]+@[\w.-]+|\w*_\w+|[\w.-]+\.(?:tar\.gz|gz|zip|csv|json|md)\b/gu;
  // a long word's soft hyphens (placed for line breaks) are not word boundaries: "Ge\u00admein\u00adschafts\u00adkon\u00adto" is one German word
  return texts.filter((text) => ENGLISH.test(text.replace(/\u00ad/g, '').replace(PEOPLES_DATA, ' ')));
}

async function inBothSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(SCREENSHOTS, `German-${name}-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('Auf Deutsch', () => {
  test('a German browser signs in and walks the map, the budget, the notes and the administration at 360 px without an English word', async ({
    page,
    service,
  }) => {
    const group = await seedGroup(service.db, { name: `Familie Schröder ${Date.now()}`, modules: ['Map', 'Budget', 'Notes'], currency: 'EUR' });
    const admin = await seedUser(service.db, group.id, { role: 'Admin', nickname: 'Jürgen', username: `juergen${Date.now()}` });

    // registration, with its security check, before anyone signs in
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Konto anlegen' })).toBeVisible();
    await waitForCaptcha(page);
    expect(await englishOn(page)).toEqual([]);
    await inBothSchemes(page, 'register');

    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await page.getByLabel('Benutzername').fill(admin.username);
    await page.getByLabel('Passwort', { exact: true }).fill('nicht das Passwort');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    // the service's problem, in German by its code
    await expect(page.getByRole('alert')).toContainText('Benutzername oder Passwort ist falsch.');
    await page.getByLabel('Passwort', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();

    // the first sign-in on this device: the welcome page; then the map's empty state
    await expect(page).toHaveURL(/\/welcome$/);
    await page.goto('/map');
    await expect(page.getByRole('heading', { name: 'Karte', level: 1 })).toBeVisible();
    await expect(page.getByText('Hier gibt es noch keine Orte.')).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await inBothSchemes(page, 'map');

    // the budget: set up with a category and a long-named account, then the overview
    await page.getByRole('navigation', { name: 'Bereiche' }).getByRole('link', { name: 'Haushaltsbuch' }).click();
    await expect(page.getByRole('heading', { name: 'Haushaltsbuch einrichten' })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole('link', { name: 'Deine erste Kategorie hinzufügen' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Lebensmittel');
    await page.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
    await expect(page.getByRole('list', { name: 'Kategorien' }).getByText('Lebensmittel', { exact: true })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await page.goto('/budget/accounts');
    await expect(page.getByRole('heading', { name: 'Konten', level: 1 })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Gemeinschaftskonto');
    await page.getByRole('button', { name: 'Konto hinzufügen' }).click();
    await expect(page.getByRole('heading', { name: 'Gemeinschaftskonto' })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Haushaltsbuch' }).getByRole('link', { name: 'Übersicht' }).click();
    await expect(page.getByRole('heading', { name: 'Haushaltsbuch', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Demnächst, in den nächsten 30 Tagen' })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await inBothSchemes(page, 'budget');

    // the notes: a new note, then the list
    await page.getByRole('navigation', { name: 'Bereiche' }).getByRole('link', { name: 'Notizen' }).click();
    await expect(page.getByRole('heading', { name: 'Notizen', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Noch keine Notizen' })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole('link', { name: 'Neue Notiz' }).click();
    await page.getByLabel('Titel').fill('Wocheneinkauf');
    await page.getByRole('button', { name: 'Notiz anlegen' }).click();
    await expect(page.getByRole('heading', { name: 'Wocheneinkauf', level: 1 })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole('link', { name: '← Alle Notizen' }).click();
    await expect(page.getByRole('link', { name: 'Wocheneinkauf' })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await inBothSchemes(page, 'notes');

    // the administration, through the phone's menu
    await page.getByRole('link', { name: 'Menü' }).click();
    await expect(page.getByRole('heading', { name: 'Menü' })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole('link', { name: 'Verwaltung' }).click();
    await expect(page.getByRole('heading', { name: 'Registrierungen, die auf Freigabe warten' })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    for (const [tab, heading] of [
      ['Benutzer', 'Benutzer'],
      ['Gruppen', 'Gruppen'],
      ['Sicherungen', 'Sicherungen'],
    ]) {
      await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: tab }).click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Wird geladen' })).toHaveCount(0);
      expect(await englishOn(page)).toEqual([]);
    }
    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Benutzer' }).click();
    await expect(page.getByRole('table', { name: 'Benutzer' })).toContainText('Administrator');
    await inBothSchemes(page, 'admin');
  });
});
