import { untarGz, unzipFile } from './support/archives';
import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

test.describe('Export and backups', () => {
  test('a member exports their data: the zip holds their budget as CSV and their note as Markdown', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget', 'Notes'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Enid' });
    await signIn(page, member);

    await page.goto('/notes/new');
    await page.getByLabel('Title').fill('Holiday packing');
    await page.getByRole('button', { name: 'Create note' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Holiday packing' })).toBeVisible();
    await page.getByLabel('New item').fill('Sun cream');
    await page.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByRole('checkbox', { name: 'Sun cream' })).toBeVisible();

    await page.getByRole('link', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'All pages' }).getByRole('link', { name: 'Account' }).click();
    const section = page.getByRole('region', { name: 'Export your data' });
    // what the zip holds is said before the click: the group's modules only
    await expect(section).toContainText(
      'Budget: transactions, categories, accounts, recurring transactions, shared costs and payments between members as CSV files',
    );
    await expect(section).toContainText('Notes: one Markdown file per note');
    await expect(section).not.toContainText('GeoJSON');

    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export my data' }).click();
    const download = await downloading;
    const name = download.suggestedFilename();
    expect(name).toMatch(/^hearth-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(section.getByText(`Saved ${name} to your downloads.`)).toBeVisible();

    const files = await unzipFile(await download.path());
    const paths = [...files.keys()].sort();
    expect(paths.filter((path) => path.startsWith('budget/'))).toEqual([
      'budget/accounts.csv',
      'budget/categories.csv',
      'budget/recurring.csv',
      'budget/settlements.csv',
      'budget/splits.csv',
      'budget/transactions.csv',
    ]);
    expect(files.get('budget/transactions.csv')).toMatch(/^date,type,amount,currency,category,account,targetAccount,description/);
    expect(paths.some((path) => path.startsWith('map/'))).toBe(false);
    const notes = paths.filter((path) => path.startsWith('notes/'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/\.md$/);
    expect(files.get(notes[0])).toBe('# Holiday packing\n\n- [ ] Sun cream\n');
  });

  test('an admin starts a backup, sees it in the list and downloads it as a gzip tar with its manifest', async ({ page, browser, service }) => {
    const group = await seedGroup(service.db);
    const admin = await seedUser(service.db, group.id, { role: 'Admin', nickname: 'Bea' });
    await signIn(page, admin);
    await page.getByRole('link', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Backups' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
    await expect(page.getByText('No backups yet')).toBeVisible();

    // a second admin tab asks for a backup at the same moment: one starts, the other is told why not
    const other = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const second = await other.newPage();
    await signIn(second, admin);
    await second.goto('/admin/backups');
    await expect(second.getByText('No backups yet')).toBeVisible();
    await Promise.all([page.getByRole('button', { name: 'Start a backup' }).click(), second.getByRole('button', { name: 'Start a backup' }).click()]);
    const refusal = 'A backup is already running. Wait for it to finish: it will appear in the list below.';
    const refused = async () => (await page.getByText(refusal).count()) + (await second.getByText(refusal).count());
    await expect.poll(refused).toBe(1);
    await other.close();

    // either way this tab follows the backup until its archive is listed
    await expect(page.getByText(/^The backup hearth-backup-.+\.tar\.gz is ready\.$/)).toBeVisible({ timeout: 30_000 });
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Download hearth-backup-/ }) });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row).toContainText(/\d+(\.\d)? (B|kB|MB)/);

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Download / }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^hearth-backup-.+\.tar\.gz$/);
    await expect(row.getByText(`Saved ${download.suggestedFilename()} to your downloads.`)).toBeVisible();

    const members = await untarGz(await download.path());
    const manifest = JSON.parse(members.get('manifest.json')?.toString('utf8') ?? 'null') as { format: number; tables: Record<string, number> } | null;
    expect(manifest?.format).toBe(1);
    expect(manifest?.tables.users).toBeGreaterThanOrEqual(1);
  });

  test('a member sees no Backups in the navigation and cannot open the page', async ({ page, service }) => {
    const group = await seedGroup(service.db);
    const member = await seedUser(service.db, group.id);
    await signIn(page, member);
    await page.getByRole('link', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'All pages' });
    await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Backups' })).toHaveCount(0);
    await page.goto('/admin/backups');
    await expect(page.getByText('Only administrators can open this page')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start a backup' })).toHaveCount(0);
  });
});
