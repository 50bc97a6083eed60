import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);

const STATEMENT = [
  'Date,Payee,Description,Amount',
  '2026-03-02,Drogerie Rossmann,Shampoo,-12.00',
  '2026-03-03,Edeka,Groceries,-60.00',
  '2026-03-04,Drogerie Rossmann,Toothpaste,-3.00',
].join('\n');

/** Anna and Ben share by default, equally; Anna's own card and the household's account. */
async function household(page: Page, service: { db: import('pg').Client }) {
  const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
  const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
  const ben = await seedUser(service.db, group.id, { nickname: 'Ben' });
  const card = randomUUID();
  await service.db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, 'Anna card', true)`, [card, group.id]);
  await service.db.query(`INSERT INTO budget_accounts (id, group_id, name) VALUES ($1, $2, 'Household')`, [randomUUID(), group.id]);
  await service.db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, 'Groceries', '#16A34A', 'ShoppingCart', 1)`, [
    randomUUID(),
    group.id,
  ]);
  // new expenses are shared equally by the two of them
  await service.db.query(`INSERT INTO split_settings (id, group_id, shared_by_default, mode, weights) VALUES ($1, $2, true, 'equal', $3)`, [
    randomUUID(),
    group.id,
    JSON.stringify([anna, ben].map((m) => ({ userId: m.id, weight: '1' }))),
  ]);
  await signIn(page, anna);
  return { group, anna, ben, card };
}

async function readStatement(page: Page, account: string) {
  await page.goto('/budget/transactions/import');
  await page.getByLabel('Account').selectOption({ label: account });
  await page.getByLabel('Statement file').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) });
  await page.getByRole('button', { name: 'Read statement' }).click();
  return page.getByRole('list', { name: 'Statement rows by payee' }).locator(':scope > li');
}

test.describe('Budget: a household account, its imports and settling up', () => {
  test('the account form makes an account shared; its import shares by payee with one tap, a personal one does not', async ({ page, service }) => {
    const { group } = await household(page, service);
    await page.goto('/budget/accounts');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Household' }) });
    await row.getByRole('button', { name: 'Edit Household' }).click();
    await row.getByLabel('Shared household account').check();
    await row.getByRole('button', { name: 'Save account' }).click();
    await expect(row.getByText('Shared', { exact: true })).toBeVisible();

    // Anna's own card: nothing is shared unless she taps
    let rows = await readStatement(page, 'Anna card (default)');
    await expect(page.getByText(/This is a personal account/)).toBeVisible();
    const edeka = rows.filter({ hasText: 'Edeka' });
    await expect(edeka.getByRole('button', { name: 'Share the rows of Edeka with the group' })).toHaveAttribute('aria-pressed', 'false');
    await expect(edeka).toContainText('Only yours');
    await edeka.getByRole('button', { name: 'Share the rows of Edeka with the group' }).click();
    await expect(edeka).toContainText('Shared with the group');
    for (const payee of ['Drogerie Rossmann', 'Edeka'])
      await rows
        .filter({ hasText: payee })
        .getByLabel(/^Category for/)
        .selectOption({ label: 'Groceries' });
    await page.getByRole('button', { name: 'Add 3 transactions' }).click();
    await expect(page.getByRole('heading', { name: 'Imported 3 transactions' })).toBeVisible();
    const personal = await service.db.query(`SELECT description, split IS NOT NULL AS shared FROM transactions WHERE group_id = $1 ORDER BY date`, [group.id]);
    expect(personal.rows.map((r: any) => [r.description, r.shared])).toEqual([
      ['Drogerie Rossmann — Shampoo', false],
      ['Edeka — Groceries', true],
      ['Drogerie Rossmann — Toothpaste', false],
    ]);
    await service.db.query(`DELETE FROM transactions WHERE group_id = $1`, [group.id]);

    // the household account: shared, but the drugstore is kept hers with one tap; then "Share all" / "Share none"
    rows = await readStatement(page, 'Household');
    await expect(page.getByText(/This is a shared household account/)).toBeVisible();
    const drugstore = rows.filter({ hasText: 'Drogerie Rossmann' });
    await expect(drugstore).toContainText('Shared with the group');
    await page.getByRole('button', { name: 'Share none' }).click();
    await expect(rows.filter({ hasText: 'Edeka' })).toContainText('Only yours');
    await page.getByRole('button', { name: 'Share all' }).click();
    await drugstore.getByRole('button', { name: 'Share the rows of Drogerie Rossmann with the group' }).click();
    await expect(drugstore).toContainText('Only yours');
    for (const payee of ['Drogerie Rossmann', 'Edeka'])
      await rows
        .filter({ hasText: payee })
        .getByLabel(/^Category for/)
        .selectOption({ label: 'Groceries' });
    await page.getByRole('button', { name: 'Add 3 transactions' }).click();
    await expect(page.getByRole('heading', { name: 'Imported 3 transactions' })).toBeVisible();
    const shared = await service.db.query(`SELECT description, split IS NOT NULL AS shared FROM transactions WHERE group_id = $1 ORDER BY date`, [group.id]);
    expect(shared.rows.map((r: any) => [r.description, r.shared])).toEqual([
      ['Drogerie Rossmann — Shampoo', false],
      ['Edeka — Groceries', true],
      ['Drogerie Rossmann — Toothpaste', false],
    ]);
  });

  test('"Record payment" says who pays whom how much first, and the payment can be undone', async ({ page, service }) => {
    const { group, anna, ben, card } = await household(page, service);
    const split = {
      mode: 'equal',
      paidBy: [{ userId: anna.id, amount: '40.00' }],
      members: [
        { userId: anna.id, value: null },
        { userId: ben.id, value: null },
      ],
      adjustments: [],
      owed: [
        { userId: anna.id, amount: '20.00' },
        { userId: ben.id, amount: '20.00' },
      ],
    };
    const [{ id: category }] = (await service.db.query(`SELECT id FROM categories WHERE group_id = $1`, [group.id])).rows;
    const today = new Date().toISOString().slice(0, 10);
    await service.db.query(
      `INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id, created_by_id, split)
       VALUES ($1, $2, 'Expense', '40.00', $3, 'Pizza', $4, $5, $6, $7)`,
      [randomUUID(), group.id, today, category, card, anna.id, JSON.stringify(split)],
    );
    await page.goto('/budget/balances');
    const debt = page
      .getByRole('list', { name: 'Payments that settle everything' })
      .getByRole('listitem')
      .filter({ hasText: `Ben owes Anna ${money(20)}` });
    await debt.getByRole('button', { name: 'Record payment' }).click();
    await expect(debt.getByRole('group', { name: 'Confirm the payment' })).toContainText(`Ben pays Anna ${money(20)}. Record this payment?`);
    expect((await service.db.query(`SELECT count(*)::int AS n FROM settlements WHERE group_id = $1`, [group.id])).rows[0].n).toBe(0);
    await debt.getByRole('button', { name: 'Yes, record it' }).click();
    await expect(page.getByText(`Recorded: Ben paid Anna ${money(20)}.`)).toBeVisible();
    expect((await service.db.query(`SELECT count(*)::int AS n FROM settlements WHERE group_id = $1`, [group.id])).rows[0].n).toBe(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('The payment was undone.')).toBeVisible();
    expect((await service.db.query(`SELECT count(*)::int AS n FROM settlements WHERE group_id = $1`, [group.id])).rows[0].n).toBe(0);
    await expect(page.getByText(`Ben owes Anna ${money(20)}`).first()).toBeVisible();
  });

  test("a repeating transaction's card shows its bill reminder and its split", async ({ page, service }) => {
    const { group, anna, ben, card } = await household(page, service);
    const [{ id: category }] = (await service.db.query(`SELECT id FROM categories WHERE group_id = $1`, [group.id])).rows;
    const split = {
      mode: 'equal',
      paidBy: [{ userId: anna.id, amount: '900.00' }],
      members: [
        { userId: anna.id, value: null },
        { userId: ben.id, value: null },
      ],
      adjustments: [],
      owed: [
        { userId: anna.id, amount: '450.00' },
        { userId: ben.id, amount: '450.00' },
      ],
    };
    const rule = (description: string, remind: number | null, shared: unknown) =>
      service.db.query(
        `INSERT INTO recurring_transactions (id, group_id, type, amount, description, category_id, budget_account_id, frequency, interval,
                                             start_date, next_occurrence, is_enabled, remind_days_before, split, created_by_id)
         VALUES ($1, $2, 'Expense', '900.00', $3, $4, $5, 'Monthly', 1, '2099-01-01', '2099-01-01', true, $6, $7, $8)`,
        [randomUUID(), group.id, description, category, card, remind, shared ? JSON.stringify(shared) : null, anna.id],
      );
    await rule('Rent', 3, split);
    await rule('Phone', null, null);
    await page.goto('/budget/recurring');
    const rent = page.getByRole('listitem', { name: 'Rent' });
    await expect(rent).toContainText('Bill reminder: 3 days before');
    await expect(rent).toContainText(`Split: Anna ${money(450)} and Ben ${money(450)}`);
    const phone = page.getByRole('listitem', { name: 'Phone' });
    await expect(phone).toContainText('No bill reminder');
    await expect(phone).toContainText('Not shared');
  });
});

test('the expense form offers a unit ("Anna & Ben") as one party of an equal split', async ({ page, service }) => {
  const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
  const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
  const ben = await seedUser(service.db, group.id, { nickname: 'Ben' });
  const cleo = await seedUser(service.db, group.id, { nickname: 'Cleo' });
  await service.db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, 'Flat', true)`, [randomUUID(), group.id]);
  await service.db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, 'Groceries', '#16A34A', 'ShoppingCart', 1)`, [
    randomUUID(),
    group.id,
  ]);
  await service.db.query(`INSERT INTO split_settings (id, group_id, shared_by_default, mode, weights, units) VALUES ($1, $2, true, 'equal', $3, $4)`, [
    randomUUID(),
    group.id,
    JSON.stringify([anna, ben, cleo].map((m) => ({ userId: m.id, weight: '1' }))),
    JSON.stringify([{ id: randomUUID(), name: 'Anna & Ben', userIds: [anna.id, ben.id] }]),
  ]);
  await signIn(page, cleo);
  await page.goto('/budget/transactions/new?type=Expense');
  await page.getByLabel(/^Amount/).fill('90');
  await page.getByLabel('Category').selectOption({ label: 'Groceries' });
  await page.getByLabel('Anna & Ben as one party').check();
  await expect(page.getByLabel('Part of Anna')).toHaveText(money(22.5));
  await expect(page.getByLabel('Part of Ben')).toHaveText(money(22.5));
  await expect(page.getByLabel('Part of Cleo')).toHaveText(money(45));
  await page.getByRole('button', { name: 'Add expense' }).click();
  await expect(page.getByText('Transaction saved.')).toBeVisible();
  const [{ split }] = (await service.db.query(`SELECT split FROM transactions WHERE group_id = $1`, [group.id])).rows;
  expect(split.owed.map((o: any) => o.amount)).toEqual(['22.50', '22.50', '45.00']);
});
