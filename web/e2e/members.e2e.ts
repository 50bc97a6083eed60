import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

test.describe('Members', () => {
  test('a member sees the people of their own group only', async ({ page, service }) => {
    const group = await seedGroup(service.db);
    const other = await seedGroup(service.db);
    const member = await seedUser(service.db, group.id, { nickname: 'Lena' });
    await seedUser(service.db, group.id, { nickname: 'Max', role: 'Admin' });
    await seedUser(service.db, other.id, { nickname: 'Nora' });

    await signIn(page, member);
    await page.getByRole('link', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'All pages' }).getByRole('link', { name: 'Members' }).click();

    const list = page.getByRole('list').filter({ hasText: 'Max' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').filter({ hasText: 'Lena' })).toContainText('(you)');
    await expect(list.getByRole('listitem').filter({ hasText: 'Max' })).toContainText('Admin');
    await expect(page.getByText('Nora')).toHaveCount(0);
  });
});
