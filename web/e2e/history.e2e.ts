import type { APIRequestContext } from '@playwright/test';
import { join } from 'node:path';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';

/** Changes made through the API as the member, so the service writes their history rows itself. */
async function makeChanges(request: APIRequestContext, user: { username: string; password: string }): Promise<void> {
  const login = await request.post('/api/v1/session', { data: { username: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  let firstNoteId = '';
  for (let index = 1; index <= 21; index++) {
    const note = await request.post('/api/v1/notes', {
      headers,
      data: { title: `Shopping list ${index}`, color: '#3B82F6', icon: 'ShoppingCart', isPrivate: false },
    });
    expect(note.status()).toBe(201);
    if (index === 1) firstNoteId = (await note.json()).id;
  }
  const updated = await request.put(`/api/v1/notes/${firstNoteId}`, {
    headers,
    data: { title: 'Weekend shopping', color: '#3B82F6', icon: 'ShoppingCart' },
  });
  expect(updated.status()).toBe(200);
  const category = await request.post('/api/v1/categories', { headers, data: { name: 'Groceries', color: '#16A34A', icon: 'Basket' } });
  expect(category.status()).toBe(201);
}

test.describe('History', () => {
  test('filters by entity and action, and pages through the rest', async ({ page, request, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget', 'Notes'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Gus' });
    await makeChanges(request, member);

    await signIn(page, member);
    await page.goto('/history');
    await expect(page.getByText('23 changes')).toBeVisible();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(page.locator('main').getByRole('listitem')).toHaveCount(3);

    // on a phone the filters are folded away until asked for
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('What').selectOption({ label: 'Categories' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('1 change', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Gus added the category “Groceries”' })).toBeVisible();

    await page.getByLabel('What').selectOption({ label: 'Notes' });
    await page.getByLabel('Change').selectOption({ label: 'Changed' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('1 change', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Gus renamed the note “Shopping list 1” to “Weekend shopping”' })).toBeVisible();
    await expect(page).toHaveURL(/entityType=Note&action=Updated/);

    // a day before anything happened: nothing matches
    await page.getByLabel('To', { exact: true }).fill('2020-01-01');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('23 changes')).toBeVisible();
  });

  test('reads as whole sentences on a phone, grouped by day, with filters in people’s words', async ({ page, request, service }) => {
    const group = await seedGroup(service.db, { modules: ['Map', 'Budget', 'Notes'], currency: 'EUR' });
    const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
    const tom = await seedUser(service.db, group.id, { nickname: 'Tom' });
    const as = async (user: { username: string; password: string }) => {
      const login = await request.post('/api/v1/session', { data: { username: user.username, password: user.password } });
      return { authorization: `Bearer ${(await login.json()).accessToken}` };
    };
    const miaHeaders = await as(mia);
    const tomHeaders = await as(tom);
    const note = await (await request.post('/api/v1/notes', { headers: miaHeaders, data: { title: 'Shopping' } })).json();
    const milk = await (await request.post(`/api/v1/notes/${note.id}/items`, { headers: miaHeaders, data: { text: 'Milk' } })).json();
    expect((await request.patch(`/api/v1/notes/${note.id}/items/${milk.id}/toggle`, { headers: miaHeaders })).status()).toBe(200);
    const groceries = await (
      await request.post('/api/v1/categories', { headers: tomHeaders, data: { name: 'Groceries', color: '#16A34A', icon: 'Basket' } })
    ).json();
    expect((await request.post('/api/v1/budget-accounts', { headers: tomHeaders, data: { name: 'Joint', openingBalance: '1250.00' } })).status()).toBe(201);
    expect(
      (await request.post('/api/v1/transactions', { headers: tomHeaders, data: { type: 'Expense', amount: '12.50', categoryId: groceries.id } })).status(),
    ).toBe(201);
    expect((await request.post('/api/v1/markers', { headers: miaHeaders, data: { title: 'Lisbon café', latitude: 38.72, longitude: -9.14 } })).status()).toBe(
      201,
    );

    await signIn(page, mia);
    await page.goto('/history');
    const today = page.getByRole('region', { name: 'Today' });
    await expect(today.getByRole('heading', { name: 'Today' })).toBeVisible();
    const rows = today.getByRole('listitem');
    for (const sentence of [
      'Mia added the place “Lisbon café”',
      'Tom added expense €12.50 Groceries',
      'Tom added the account “Joint” with €1,250.00',
      'Tom added the category “Groceries”',
      'Mia ticked “Milk” on “Shopping”',
      'Mia added “Milk” to “Shopping”',
      'Mia started the list “Shopping”',
    ]) {
      await expect(rows.filter({ hasText: sentence })).toHaveCount(1);
    }
    // each sentence whole: nothing cut off or hidden
    for (const cut of await page.locator('.history-sentence').evaluateAll((spans) => spans.map((span) => span.scrollWidth > span.clientWidth + 1)))
      expect(cut).toBe(false);
    await expect(page.locator('main')).not.toContainText(/NoteItem|MarkerImage|BudgetAccount|isCompleted|Created|Updated/);
    await page.screenshot({ path: join(SCREENSHOTS, 'History-sentences-at-360.png') });

    await page.getByRole('button', { name: 'Filters' }).click();
    const what = page.getByLabel('What');
    for (const label of ['Places', 'Photos', 'Accounts', 'Transactions', 'Notes', 'List items'])
      await expect(what.getByRole('option', { name: label, exact: true })).toHaveCount(1);
    await what.selectOption({ label: 'Accounts' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('1 change', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/entityType=BudgetAccount/);
  });
});
