/**
 * Accessibility of every page (WCAG 2.2 AA): axe-core finds no serious or critical
 * fault, and every interactive target is at least 24 × 24 CSS px (2.5.8), on a phone (360 px) and
 * a desktop (1280 px), in light and dark mode. Each page is loaded once and audited in the four
 * views; every finding of every page is collected first and reported together, one line each
 * (page, view, rule, element), so a new fault is read straight off the failure.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, seedGroup, seedUser, signIn, test, waitForCaptcha } from './support/fixtures';

/**
 * The four views. Dark mode changes colours only (the stylesheet's `prefers-color-scheme` block
 * sets colour variables), so there axe runs its colour rule alone: the other rules gave the same
 * answer in both schemes, and a full axe run is most of this test's time.
 */
const VIEWS = [
  { width: 360, height: 780, colorScheme: 'light', rules: undefined },
  { width: 360, height: 780, colorScheme: 'dark', rules: ['color-contrast'] },
  { width: 1280, height: 800, colorScheme: 'light', rules: undefined },
  { width: 1280, height: 800, colorScheme: 'dark', rules: ['color-contrast'] },
] as const;

/** WCAG 2.2 2.5.8 Target Size (Minimum), CSS px. */
const TARGET = 24;

interface Undersized {
  what: string;
  width: number;
  height: number;
}

/**
 * Visible interactive elements smaller than TARGET × TARGET, open shadow roots included (the
 * CAPTCHA widget's). Links inside a sentence are exempt (2.5.8 "inline"), as is a control whose
 * target is its label (a visually hidden input: its label is measured instead).
 */
function undersizedTargets(page: Page): Promise<Undersized[]> {
  return page.evaluate((target) => {
    // the little of the DOM used here (this project's test types have no DOM library)
    interface Box {
      width: number;
      height: number;
    }
    interface Node {
      id: string;
      tagName: string;
      textContent: string | null;
      parentElement: Node | null;
      shadowRoot: Root | null;
      labels?: ArrayLike<Node> | null;
      getAttribute(name: string): string | null;
      getBoundingClientRect(): Box;
      closest(selector: string): Node | null;
    }
    interface Root {
      querySelectorAll(selector: string): Iterable<Node>;
    }
    const browser = globalThis as unknown as { document: Root; getComputedStyle(node: Node): { visibility: string; display: string; opacity: string } };
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], ' +
      '[role="checkbox"], [role="tab"], [role="switch"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
    const found: Node[] = [];
    const collect = (root: Root) => {
      found.push(...root.querySelectorAll(selector));
      for (const node of root.querySelectorAll('*')) if (node.shadowRoot) collect(node.shadowRoot);
    };
    collect(browser.document);
    const describe = (node: Node) => {
      const label = (node.getAttribute('aria-label') ?? node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const id = node.id ? `#${node.id}` : '';
      const type = node.getAttribute('type') ? `[type=${node.getAttribute('type')}]` : '';
      return `${node.tagName.toLowerCase()}${id}${type}${label ? ` "${label}"` : ''}`;
    };
    // 2.5.8's "inline" exception: a link inside a sentence
    const inSentence = (node: Node) => {
      if (node.tagName !== 'A' || browser.getComputedStyle(node).display !== 'inline') return false;
      const block = node.parentElement;
      return !!block && (block.textContent ?? '').trim().length > (node.textContent ?? '').trim().length;
    };
    const small: Undersized[] = [];
    for (const node of new Set(found)) {
      const style = browser.getComputedStyle(node);
      if (style.visibility === 'hidden' || style.display === 'none' || node.closest('[inert], [aria-hidden="true"]')) continue;
      let box = node.getBoundingClientRect();
      if ((box.width === 0 && box.height === 0) || inSentence(node)) continue;
      // a visually hidden input is operated through its label
      if (node.tagName === 'INPUT' && (box.width <= 1 || box.height <= 1 || style.opacity === '0')) {
        const label = node.labels?.[0];
        if (!label) continue;
        box = label.getBoundingClientRect();
      }
      if (box.width + 0.5 < target || box.height + 0.5 < target)
        small.push({ what: describe(node), width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 });
    }
    return small;
  }, TARGET);
}

/** Audits the page as it is now in the four views; returns one line per finding. */
async function audit(page: Page, name: string): Promise<string[]> {
  const findings: string[] = [];
  for (const view of VIEWS) {
    await page.setViewportSize({ width: view.width, height: view.height });
    await page.emulateMedia({ colorScheme: view.colorScheme });
    // one frame for the layout and the colours to follow
    await page.evaluate(() => {
      const browser = globalThis as unknown as { requestAnimationFrame(callback: () => void): void };
      return new Promise<void>((resolve) => browser.requestAnimationFrame(() => browser.requestAnimationFrame(resolve)));
    });
    const where = `${name} @ ${view.width} px ${view.colorScheme}`;
    const axe = new AxeBuilder({ page });
    const { violations } = await (view.rules ? axe.withRules([...view.rules]) : axe).analyze();
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      for (const node of violation.nodes) {
        const detail = (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
        findings.push(`${where}: ${violation.id} (${violation.impact}) ${node.target.join(' > ')} ${detail}`);
      }
    }
    for (const small of await undersizedTargets(page)) findings.push(`${where}: target-size-24 ${small.what} is ${small.width} × ${small.height} px`);
  }
  return findings;
}

/** Visits each page, waits for what shows it is ready, and audits it; fails once with every finding. */
async function auditPages(page: Page, pages: [string, string, (page: Page) => Promise<void>][]): Promise<void> {
  const findings: string[] = [];
  for (const [name, path, ready] of pages) {
    await page.setViewportSize({ width: VIEWS[0].width, height: VIEWS[0].height });
    await page.goto(path);
    await ready(page);
    findings.push(...(await audit(page, name)));
  }
  // the message lists every finding once, one a line
  expect(findings.length, `${findings.length} accessibility findings:\n${findings.join('\n')}\n`).toBe(0);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};

/** What the signed-in pages show: one of everything, made through the API as the admin. */
async function seedContent(request: APIRequestContext, user: { username: string; password: string }) {
  const login = await request.post('/api/v1/session', { data: { username: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(`/api/v1${path}`, { headers, data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
    return (await response.json()) as { id: string };
  };
  const account = await post('/budget-accounts', { name: 'Current account' });
  await post('/budget-accounts', { name: 'Savings' });
  const category = await post('/categories', { name: 'Groceries', color: '#16A34A', icon: 'Basket' });
  const today = new Date().toISOString().slice(0, 10);
  const transaction = await post('/transactions', {
    type: 'Expense',
    amount: '42.50',
    date: today,
    description: 'Market',
    categoryId: category.id,
    budgetAccountId: account.id,
  });
  const recurring = await post('/recurring-transactions', {
    type: 'Expense',
    amount: '9.99',
    frequency: 'Monthly',
    startDate: today,
    description: 'Music',
    categoryId: category.id,
    budgetAccountId: account.id,
  });
  const marker = await post('/markers', {
    title: 'Lakeside café',
    latitude: 47.37,
    longitude: 8.54,
    rating: 4,
    description: '<p>Good <strong>cake</strong>.</p>',
    date: today,
  });
  const note = await post('/notes', { title: 'Shopping list', content: 'For the weekend', color: '#3B82F6', icon: 'ShoppingCart', isPrivate: false });
  const event = await post('/calendar/events', {
    title: 'Football',
    allDay: false,
    start: `${today}T09:00:00Z`,
    end: `${today}T10:00:00Z`,
    timeZone: 'Europe/Berlin',
    recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA' },
    attendees: 'group',
  });
  // an unread notification in the inbox
  expect((await request.post('/api/v1/account/notification-settings/test', { headers })).status()).toBe(200);
  return { transaction: transaction.id, recurring: recurring.id, marker: marker.id, note: note.id, event: event.id };
}

test.describe('Accessibility (axe-core and 24 px targets, 360 and 1280 px, light and dark)', () => {
  test('the pages before signing in', async ({ page }) => {
    test.setTimeout(240_000);
    await auditPages(page, [
      ['sign in', '/sign-in', heading('Sign in')],
      ['register', '/register', async (p) => waitForCaptcha(p)],
      ['forgot password', '/forgot-password', heading(/password/i)],
      ['confirm e-mail (no token)', '/confirm-email', async (p) => expect(p.locator('main h1, h1').first()).toBeVisible()],
      ['reset password (no token)', '/reset-password', async (p) => expect(p.locator('main h1, h1').first()).toBeVisible()],
    ]);
  });

  test('every page of a signed-in admin, with content', async ({ page, request, service }) => {
    test.setTimeout(600_000);
    const group = await seedGroup(service.db, { modules: ['Map', 'Budget', 'Notes', 'Calendar'] });
    const admin = await seedUser(service.db, group.id, { role: 'Admin', nickname: 'Alexandra' });
    await seedUser(service.db, group.id, { nickname: 'Bo' });
    await seedUser(service.db, null, { nickname: 'Waiting', status: 'Pending' });
    const ids = await seedContent(request, admin);
    await signIn(page, admin);
    await auditPages(page, [
      ['menu', '/menu', heading(/menu/i)],
      ['map', '/map', async (p) => expect(p.locator('.leaflet-container')).toBeVisible()],
      ['map list', '/map/list', async (p) => expect(p.getByText('Lakeside café').first()).toBeVisible()],
      ['map trash', '/map/trash', heading(/trash/i)],
      ['new marker', '/map/new', async (p) => expect(p.getByLabel('Title')).toBeVisible()],
      ['marker', `/map/markers/${ids.marker}`, heading('Lakeside café')],
      ['edit marker', `/map/markers/${ids.marker}/edit`, async (p) => expect(p.getByLabel('Title')).toHaveValue('Lakeside café')],
      ['budget overview', '/budget', async (p) => expect(p.getByRole('link', { name: "See the month's report" })).toBeVisible()],
      ['transactions', '/budget/transactions', async (p) => expect(p.getByText('Market').first()).toBeVisible()],
      ['new transaction', '/budget/transactions/new', async (p) => expect(p.getByLabel('Amount')).toBeVisible()],
      ['transaction', `/budget/transactions/${ids.transaction}`, async (p) => expect(p.getByLabel('Amount')).toHaveValue(/42[.,]50/)],
      ['categories', '/budget/categories', async (p) => expect(p.getByText('Groceries').first()).toBeVisible()],
      ['accounts', '/budget/accounts', async (p) => expect(p.getByText('Savings').first()).toBeVisible()],
      ['reports', '/budget/reports', async (p) => expect(p.getByText('Groceries').first()).toBeVisible()],
      ['recurring', '/budget/recurring', async (p) => expect(p.getByText('Music').first()).toBeVisible()],
      ['new recurring', '/budget/recurring/new', async (p) => expect(p.getByLabel('Amount')).toBeVisible()],
      ['recurring transaction', `/budget/recurring/${ids.recurring}`, async (p) => expect(p.getByLabel('Amount')).toHaveValue(/9[.,]99/)],
      ['notes', '/notes', async (p) => expect(p.getByText('Shopping list').first()).toBeVisible()],
      ['new note', '/notes/new', async (p) => expect(p.getByLabel('Title')).toBeVisible()],
      ['note', `/notes/${ids.note}`, async (p) => expect(p.getByText('Shopping list').first()).toBeVisible()],
      ['calendar agenda', '/calendar', async (p) => expect(p.getByText('Football').first()).toBeVisible()],
      ['calendar week', '/calendar/week', async (p) => expect(p.getByRole('button', { name: 'Today' })).toBeVisible()],
      ['calendar month', '/calendar/month', async (p) => expect(p.getByRole('table')).toBeVisible()],
      ['new event', '/calendar/new', async (p) => expect(p.getByLabel('What')).toBeVisible()],
      ['event', `/calendar/events/${ids.event}`, async (p) => expect(p.getByLabel('What')).toHaveValue('Football')],
      ['calendar on your phone', '/calendar/phone', async (p) => expect(p.getByRole('button', { name: 'Make a password for my phone' })).toBeVisible()],
      ['calendar other calendars', '/calendar/other', async (p) => expect(p.getByLabel('Calendar address')).toBeVisible()],
      ['members', '/members', async (p) => expect(p.getByText('Bo', { exact: true }).first()).toBeVisible()],
      ['welcome', '/welcome', async (p) => expect(p.getByRole('heading', { name: 'What you can do here' })).toBeVisible()],
      ['history', '/history', async (p) => expect(p.getByRole('table').or(p.getByRole('list')).first()).toBeVisible()],
      ['account', '/account', heading(/account/i)],
      ['notifications', '/notifications', async (p) => expect(p.getByText('Hearth test notification').first()).toBeVisible()],
      ['sessions', '/account/sessions', async (p) => expect(p.getByRole('table').or(p.getByRole('list')).first()).toBeVisible()],
      ['admin: registrations', '/admin/registrations', async (p) => expect(p.getByText('Waiting').first()).toBeVisible()],
      ['admin: users', '/admin/users', async (p) => expect(p.getByText('Alexandra').first()).toBeVisible()],
      ['admin: groups', '/admin/groups', async (p) => expect(p.getByText(group.name).first()).toBeVisible()],
      ['admin: backups', '/admin/backups', heading('Backups')],
      ['page not found', '/no-such-page', heading(/not found/i)],
    ]);
  });
});
