import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

// a backup folder that cannot be made (under a file): every run fails, as on a broken disk
test.use({ serviceEnv: { BACKUP_DIR: '/dev/null/backups' } });

test.describe('A backup that fails', () => {
  test('the page stops waiting when the run fails and says why', async ({ page, service }) => {
    const group = await seedGroup(service.db);
    const admin = await seedUser(service.db, group.id, { role: 'Admin' });
    await signIn(page, admin);
    await page.goto('/admin/backups');
    await expect(page.getByText('No backups yet')).toBeVisible();
    await page.getByRole('button', { name: 'Start a backup' }).click();
    // the failure is shown within a few polls, not after the 15-minute limit
    const failure = page.getByRole('status').filter({ hasText: /^The last backup failed \(.+\): .*ENOTDIR/ });
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^Backing up…/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start a backup' })).toBeEnabled();
    // still there on a later visit: a failed scheduled backup is visible too
    await page.reload();
    await expect(failure).toBeVisible();
  });
});
