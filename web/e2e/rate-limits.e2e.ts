import { expect, seedGroup, seedUser, test } from './support/fixtures';

test.use({ serviceEnv: { RATE_LIMIT_ENABLED: 'true' } });

test.describe('Rate limits', () => {
  test('after too many wrong passwords the sign-in page says when to try again', async ({ page, service }) => {
    const group = await seedGroup(service.db);
    const member = await seedUser(service.db, group.id);

    await page.goto('/sign-in');
    await page.getByLabel('Username').fill(member.username);
    const password = page.getByLabel('Password', { exact: true });
    const summary = page.getByRole('alert');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await password.fill(`wrong guess ${attempt}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(summary).toContainText('Invalid username or password');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    }
    await password.fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(summary).toContainText(/Too many attempts\. Try again in \d+ (seconds|minutes)\./);
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});
