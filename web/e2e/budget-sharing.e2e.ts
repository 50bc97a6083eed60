import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';

const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);
const now = new Date();
/** A day of this month (the test stays inside the current month, so "This month" holds it all). */
const day = (date: number) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(Math.min(date, now.getDate())).padStart(2, '0')}`;

async function addExpense(page: Page, amount: string, category: string, date: string) {
  await page.goto('/budget/transactions/new?type=Expense');
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByLabel('Category').selectOption({ label: category });
  await page.getByLabel('Date').fill(date);
}

/**
 * axe-core's serious and critical findings on the page as it is now, in light and dark mode, with a
 * full-page screenshot of each (named `budget-sharing-<name>-<scheme>.png`) to look at.
 */
async function auditAndShoot(page: Page, name: string): Promise<string[]> {
  const findings: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(SCREENSHOTS, `budget-sharing-${name}-${colorScheme}.png`), fullPage: true });
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const violation of violations.filter((one) => one.impact === 'serious' || one.impact === 'critical')) {
      for (const node of violation.nodes) findings.push(`${name} ${colorScheme}: ${violation.id} ${node.target.join(' > ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return findings;
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Add expense' }).click();
  await expect(page.getByText('Transaction saved.')).toBeVisible();
}

/**
 * A flat of three over a month: Anna and Ben are a couple who split their own costs 70/30 and
 * settle as one; Cleo shares the flat's costs with them equally. Shared and personal expenses, a
 * partial payment, and the final settle-up to zero through "Record payment", all at 360 px.
 */
test.describe('Budget, sharing costs in a flat', () => {
  test('a month of a flat of three ends with every balance at zero after the suggested payment', async ({ page, service }) => {
    // a month of a flat in one journey, with axe-core audits in light and dark: 57 s of the default 60 s on a busy machine
    test.setTimeout(180_000);
    const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
    const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
    await seedUser(service.db, group.id, { nickname: 'Ben' });
    await seedUser(service.db, group.id, { nickname: 'Cleo' });
    await service.db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, 'Flat', true)`, [randomUUID(), group.id]);
    for (const [index, name] of ['Groceries', 'Eating out', 'Clothes'].entries()) {
      await service.db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, $3, '#16A34A', 'ShoppingCart', $4)`, [
        randomUUID(),
        group.id,
        name,
        index + 1,
      ]);
    }
    // the month the dates below are in stays "This month" on the page, if midnight comes during the run
    await page.clock.setFixedTime(now);
    await signIn(page, anna);

    // nothing shared yet: the page says what to do first
    await page.goto('/budget');
    await page.getByRole('navigation', { name: 'Budget' }).getByRole('link', { name: 'Balances' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing shared yet' })).toBeVisible();

    // the flat's defaults: new expenses shared equally by the three; Anna and Ben settle as one
    await page.getByRole('link', { name: 'Sharing settings' }).click();
    await page.getByLabel('Share new expenses between members').check();
    await expect(page.getByRole('radio', { name: /Equally/ })).toBeChecked();
    const between = page.getByRole('group', { name: 'Shared between' });
    for (const name of ['Anna', 'Ben', 'Cleo']) await expect(between.getByLabel(name, { exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Add a unit' }).click();
    await page.getByLabel('Name of the unit').fill('Anna & Ben');
    const unit = page.getByRole('group', { name: 'Unit 1' });
    await unit.getByLabel('Anna', { exact: true }).check();
    await unit.getByLabel('Ben', { exact: true }).check();
    await page.getByRole('button', { name: 'Save sharing settings' }).click();
    await expect(page.getByText('Sharing settings saved.')).toBeVisible();
    // a member belongs to at most one unit: in a second unit Anna and Ben cannot be chosen
    await page.getByRole('button', { name: 'Add a unit' }).click();
    await expect(page.getByRole('group', { name: 'Unit 2' }).getByLabel('Anna (in Anna & Ben)')).toBeDisabled();
    await page.getByRole('button', { name: 'Remove this unit' }).last().click();

    // groceries for the flat, paid by Anna: shared by the default, each part shown before saving
    await addExpense(page, '90', 'Groceries', day(2));
    await expect(page.getByLabel('Share this between members')).toBeChecked();
    await expect(page.getByRole('group', { name: 'Paid by' }).getByLabel('Anna', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Part of Anna')).toHaveText(money(30));
    await expect(page.getByLabel('Part of Ben')).toHaveText(money(30));
    await expect(page.getByLabel('Part of Cleo')).toHaveText(money(30));
    await save(page);

    // the couple's dinner: Anna and Ben only, 70/30, the parts following the typing
    await addExpense(page, '50,00', 'Eating out', day(9));
    const split = page.getByRole('group', { name: 'Split between' });
    await split.getByLabel('Cleo', { exact: true }).uncheck();
    await page.getByRole('radio', { name: /Percent/ }).check();
    await page.getByLabel('Percent for Anna').fill('70');
    await page.getByLabel('Percent for Ben').fill('20');
    await expect(page.getByText('The percentages add up to 90, not 100.')).toBeVisible();
    await expect(page.getByLabel('Part of Anna')).toHaveText(money(35));
    // saving is refused while the percentages do not make 100
    await page.getByRole('button', { name: 'Add expense' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The percentages add up to 90, not 100.' })).toBeVisible();
    await expect(page).toHaveURL(/transactions\/new/);
    await page.getByLabel('Percent for Ben').fill('30');
    await expect(page.getByLabel('Part of Ben')).toHaveText(money(15));
    await expect(page.getByText(/percentages add up/)).toHaveCount(0);
    await save(page);

    // groceries paid by Cleo, with Ben's beer charged to Ben first; the cent goes by the rule
    await addExpense(page, '60.05', 'Groceries', day(16));
    const paidBy = page.getByRole('group', { name: 'Paid by' });
    await paidBy.getByLabel('Cleo', { exact: true }).check();
    await paidBy.getByLabel('Anna', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Add an adjustment' }).click();
    await page.getByLabel('Adjustment 1: for whom').selectOption({ label: 'Ben' });
    await page.getByLabel('Adjustment 1: amount').fill('6');
    // 54.05 among three: 18.02, 18.02, 18.01 (the two cents to the first listed), Ben 6.00 more
    await expect(page.getByLabel('Part of Anna')).toHaveText(money(18.02));
    await expect(page.getByLabel('Part of Ben')).toHaveText(money(24.02));
    await expect(page.getByLabel('Part of Cleo')).toHaveText(money(18.01));
    expect(await auditAndShoot(page, 'form')).toEqual([]);
    await save(page);

    // Cleo's own clothes: the household's own, nobody's balance
    await addExpense(page, '25', 'Clothes', day(20));
    await page.getByLabel('Share this between members').uncheck();
    await expect(page.getByText("The household's own: it changes nobody's balance.")).toBeVisible();
    await save(page);

    // someone leaves the group while the form is open: the service's refusal is shown at the split
    const dan = await seedUser(service.db, group.id, { nickname: 'Dan' });
    await addExpense(page, '12', 'Groceries', day(21));
    await page.getByRole('group', { name: 'Split between' }).getByLabel('Dan', { exact: true }).check();
    await expect(page.getByLabel('Part of Dan')).toHaveText(money(3));
    await service.db.query('UPDATE users SET group_id = NULL WHERE id = $1', [dan.id]);
    await page.getByRole('button', { name: 'Add expense' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Someone here is no longer a member of the group: choose the people again.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Check how it is shared: the parts do not fit yet' })).toBeVisible();
    await expect(page).toHaveURL(/transactions\/new/);

    // this month: Anna 56.98 owed, Ben −69.02, Cleo 12.04; as a unit Anna & Ben owe Cleo 12.04
    await page.goto('/budget/balances');
    await page.getByRole('button', { name: 'This month' }).click();
    const suggestions = page.getByRole('list', { name: 'Payments that settle everything' });
    await expect(suggestions.getByRole('listitem')).toHaveCount(1);
    await expect(suggestions).toContainText(`Anna & Ben owe Cleo ${money(12.04)}`);
    const parties = page.getByRole('list', { name: 'Balance of each member' });
    await expect(parties).toContainText(`Anna & Ben owe ${money(12.04)}`);
    await expect(parties).toContainText(`Cleo gets back ${money(12.04)}`);

    // why Cleo gets money back: the shared transactions behind her balance, newest first
    await parties.getByText(`Cleo gets back ${money(12.04)}`).click();
    const explanation = page.getByRole('list', { name: 'Behind the balance of Cleo' });
    await expect(explanation.getByRole('listitem')).toHaveCount(2);
    await expect(explanation.getByRole('listitem').first()).toContainText(`+${money(42.04)}`);
    await expect(explanation.getByRole('listitem').last()).toContainText(money(-30));

    // a partial payment: Ben hands Cleo €5.00 in cash
    await page.getByLabel('Who paid').selectOption({ label: 'Ben' });
    await page.getByLabel('Who received it').selectOption({ label: 'Cleo' });
    await page.getByLabel('Amount', { exact: true }).fill('5');
    await page.getByLabel('Note (optional)').fill('cash');
    await page.getByRole('button', { name: 'Record this payment' }).click();
    await expect(page.getByText('Payment recorded.')).toBeVisible();
    await expect(suggestions).toContainText(`Anna & Ben owe Cleo ${money(7.04)}`);
    await expect(page.getByRole('list', { name: 'Payments between members' })).toContainText(`Ben paid Cleo ${money(5)}`);

    // the settle-up: one tap records the suggested payment, and every balance is zero
    await parties.getByText('Anna & Ben owe').click();
    expect(await auditAndShoot(page, 'balances')).toEqual([]);
    const debt = suggestions.getByRole('listitem').filter({ hasText: `Anna & Ben owe Cleo ${money(7.04)}` });
    await debt.getByRole('button', { name: 'Record payment' }).click();
    // who pays whom how much, before anything is recorded
    await expect(debt.getByRole('group', { name: 'Confirm the payment' })).toContainText(`Anna & Ben pay Cleo ${money(7.04)}. Record this payment?`);
    await debt.getByRole('button', { name: 'Yes, record it' }).click();
    await expect(page.getByText(`Recorded: Anna paid Cleo ${money(7.04)}.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Everyone is settled up' })).toBeVisible();
    await expect(parties).toContainText('Anna & Ben are settled up');
    await expect(parties).toContainText('Cleo is settled up');
    await expect(page.getByRole('list', { name: 'Payments between members' }).getByRole('listitem')).toHaveCount(2);

    // the transactions list: the payments marked as such, apart from the spending
    await page.getByRole('navigation', { name: 'Budget' }).getByRole('link', { name: 'Transactions' }).click();
    const list = page.getByRole('list', { name: 'Transactions' });
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(list.getByRole('listitem').filter({ hasText: 'Eating out' })).toContainText('shared by 2');
    await expect(list.getByRole('listitem').filter({ hasText: 'Clothes' })).not.toContainText('shared by');
    const payments = page.getByRole('list', { name: 'Payments between members' });
    await expect(payments.getByRole('listitem')).toHaveCount(2);
    await expect(payments.getByRole('listitem').first()).toContainText('Payment between members');

    // the history in sentences
    await page.goto('/history');
    await expect(page.getByText(`Anna paid ${money(90)} Groceries, shared by 3`)).toBeVisible();
    await expect(page.getByText(`Anna recorded that Ben paid Cleo ${money(5)}`)).toBeVisible();

    // the transaction form keeps the stored split when opened again
    await page.goto('/budget/transactions');
    await page.getByRole('link', { name: /Eating out/ }).click();
    await expect(page.getByRole('radio', { name: /Percent/ })).toBeChecked();
    await expect(page.getByLabel('Percent for Anna')).toHaveValue('70.00');
    await expect(page.getByLabel('Part of Ben')).toHaveText(money(15));

    // the rent from next month on, a recurring expense shared by the default; each occurrence will copy it
    const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    await page.goto('/budget/recurring/new');
    await page.getByLabel(/^Amount/).fill('900');
    await page.getByLabel('Category').selectOption({ label: 'Groceries' });
    await page.getByLabel('Description (optional)').fill('Rent');
    await page.getByLabel('First date').fill(`${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-01`);
    await expect(page.getByLabel('Share this between members')).toBeChecked();
    await expect(page.getByLabel('Part of Cleo')).toHaveText(money(300));
    await page.getByRole('radio', { name: /Shares/ }).check();
    await page.getByLabel('Shares of Cleo').fill('2');
    await page.getByLabel('Shares of Anna').fill('1');
    await page.getByLabel('Shares of Ben').fill('1');
    await expect(page.getByLabel('Part of Cleo')).toHaveText(money(450));
    await page.getByRole('button', { name: 'Create recurring transaction' }).click();
    await expect(page).toHaveURL(/\/budget\/recurring$/);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Shares of Cleo')).toHaveValue('2.00');
    await expect(page.getByLabel('Part of Anna')).toHaveText(money(225));

    await page.goto('/budget/balances');
    await expect(page.getByRole('heading', { name: 'Everyone is settled up' })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(SCREENSHOTS, 'budget-sharing-settled-dark.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('link', { name: 'Sharing settings' }).click();
    await expect(page.getByLabel('Name of the unit')).toHaveValue('Anna & Ben');
    expect(await auditAndShoot(page, 'settings')).toEqual([]);

    // the same page in German, chosen in the account as a person does (the account's language wins)
    await page.goto('/account');
    await page.getByRole('radio', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.goto('/budget/balances');
    await expect(page.getByRole('heading', { name: 'Alle sind quitt' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Saldo jedes Mitglieds' })).toContainText('Anna & Ben sind ausgeglichen');
    await expect(page.getByRole('list', { name: 'Zahlungen zwischen Mitgliedern' })).toContainText(/Anna hat Cleo 7,04\s€ gezahlt/);
  });

  test('the sharing settings: who left is listed apart, each rule is named where it failed, and the fixed settings are saved', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
    const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
    const ben = await seedUser(service.db, group.id, { nickname: 'Ben' });
    const dan = await seedUser(service.db, group.id, { nickname: 'Dan' });
    await service.db.query("UPDATE users SET status = 'Deactivated' WHERE id = $1", [dan.id]);
    const weights = [anna, ben, dan].map((member, index) => ({ userId: member.id, weight: index ? '1' : '2' }));
    await service.db.query(`INSERT INTO split_settings (id, group_id, shared_by_default, mode, weights) VALUES ($1, $2, true, 'shares', $3)`, [
      randomUUID(),
      group.id,
      JSON.stringify(weights),
    ]);
    await signIn(page, anna);
    await page.goto('/budget/balances/settings');

    // Dan left: named in the note, listed unticked with his weight kept out of the default
    await expect(page.getByText('No longer in the group: Dan.')).toBeVisible();
    const between = page.getByRole('group', { name: 'Shared between' });
    await expect(between.getByLabel('Anna', { exact: true })).toBeChecked();
    await expect(between.getByLabel('Dan', { exact: true })).not.toBeChecked();
    await expect(page.getByLabel('Shares of Anna')).toHaveValue('2');

    // a share of nothing and a unit with neither a name nor two members: each message in the summary and at its field
    await page.getByLabel('Shares of Ben').fill('0');
    await page.getByRole('button', { name: 'Add a unit' }).click();
    await page.getByRole('group', { name: 'Unit 1' }).getByLabel('Anna', { exact: true }).check();
    await page.getByRole('button', { name: 'Save sharing settings' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    for (const message of ['Enter a share greater than 0, like 1, 0.5 or 70', 'Give the unit a name, like "Anna & Ben"', 'A unit needs at least two members']) {
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
    }
    await expect(page.getByLabel('Name of the unit')).toHaveAccessibleDescription(/Give the unit a name/);
    await expect(page.getByRole('group', { name: 'Unit 1' })).toContainText('A unit needs at least two members');
    // nobody shares: said above the members
    await between.getByLabel('Anna', { exact: true }).uncheck();
    await between.getByLabel('Ben', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save sharing settings' }).click();
    await expect(summary.getByRole('link', { name: 'Choose at least one member who shares new expenses' })).toBeVisible();
    await expect(between).toContainText('Choose at least one member who shares new expenses');
    await expect(summary.getByRole('link', { name: 'Enter a share greater than 0, like 1, 0.5 or 70' })).toHaveCount(0);

    // fixed: saved without Dan, and the page read again shows what was saved
    await between.getByLabel('Anna', { exact: true }).check();
    await between.getByLabel('Ben', { exact: true }).check();
    await page.getByLabel('Shares of Ben').fill('1');
    await page.getByLabel('Name of the unit').fill('Anna & Ben');
    await page.getByRole('group', { name: 'Unit 1' }).getByLabel('Ben', { exact: true }).check();
    await page.getByRole('button', { name: 'Save sharing settings' }).click();
    await expect(page.getByText('Sharing settings saved.')).toBeVisible();
    await expect(summary).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Name of the unit')).toHaveValue('Anna & Ben');
    await expect(page.getByText('No longer in the group')).toHaveCount(0);
    await expect(between.getByLabel('Dan', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Shares of Ben')).toHaveValue(/^1(\.00?)?$/);
  });
});
