import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

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

test.describe('Page loads and the refresh limit', () => {
  test('30 page loads from one IP in a minute, two members on one router, never see 429', async ({ page, browser, service }) => {
    const group = await seedGroup(service.db);
    const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
    const tom = await seedUser(service.db, group.id, { nickname: 'Tom' });
    const refused: string[] = [];
    const watch = (p: typeof page) => p.on('response', (response) => response.status() === 429 && refused.push(response.url()));
    watch(page);
    await signIn(page, mia);
    const other = await browser.newContext({ baseURL: service.url, viewport: { width: 360, height: 780 } });
    const tomPage = await other.newPage();
    watch(tomPage);
    await signIn(tomPage, tom);

    const pages = ['/notes', '/members', '/history', '/budget', '/account'];
    for (let load = 0; load < 30; load++) {
      const [who, path] = load % 3 === 2 ? [tomPage, pages[load % pages.length]] : [page, pages[load % pages.length]];
      await who.goto(path);
      await expect(who.getByRole('link', { name: 'Menu' })).toBeVisible();
      await expect(who.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect(refused).toEqual([]);
    await other.close();
    await page.goto('/history');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
