import { join } from 'node:path';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';

test.describe('Administration', () => {
  test('on a phone: create a group, move a member into it, make them admin, deactivate another, decline a registration', async ({ page, service }) => {
    const home = await seedGroup(service.db, { name: `Home ${Date.now()}` });
    const admin = await seedUser(service.db, home.id, { role: 'Admin', nickname: 'Ida' });
    const jon = await seedUser(service.db, home.id, { nickname: 'Jon' });
    const kim = await seedUser(service.db, home.id, { nickname: 'Kim' });
    const spam = await seedUser(service.db, null, { nickname: 'Spammy', status: 'Pending' });

    await signIn(page, admin);
    await page.getByRole('link', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Admin' }).click();

    // registrations: decline one
    await expect(page.getByRole('heading', { name: 'Registrations awaiting approval' })).toBeVisible();
    await page.getByRole('listitem').filter({ hasText: spam.username }).getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText("Spammy's registration has been declined.")).toBeVisible();
    await expect(page.getByText(spam.username)).toHaveCount(0);

    // groups: a new one, with only Notes
    const clubName = `Chess club ${Date.now()}`;
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Groups' }).click();
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByLabel('Name').fill(clubName);
    await dialog.getByLabel('Currency').fill('gbp');
    await dialog.getByLabel('Map').uncheck();
    await dialog.getByLabel('Budget').uncheck();
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByText(`${clubName} has been saved.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(clubName) })).toContainText('GBP');

    // a group name that is taken is reported on its field
    await page.getByRole('button', { name: 'New group' }).click();
    await dialog.getByLabel('Name').fill(clubName.toUpperCase());
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await expect(dialog.getByRole('alert')).toContainText('There is a problem');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // users: Jon moves to the club and becomes an admin; Kim is deactivated
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Manage Jon' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Jon' });
    await manage.getByLabel('Group').selectOption({ label: clubName });
    await manage.getByRole('button', { name: 'Save group' }).click();
    await expect(page.getByText(`Jon has been moved to ${clubName}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Manage Jon' }).click();
    await manage.getByLabel('Role').selectOption('Admin');
    await manage.getByRole('button', { name: 'Save role' }).click();
    await expect(page.getByText("Jon's role has been changed.")).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(jon.username) })).toContainText('Administrator');

    await page.getByLabel('Username, name or email').fill(kim.username);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Manage Kim' }).click();
    await page.getByRole('dialog', { name: 'Manage Kim' }).getByLabel('Status').selectOption('Deactivated');
    await page.getByRole('dialog', { name: 'Manage Kim' }).getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByText('Kim is now Deactivated.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(kim.username) })).toContainText('Deactivated');

    const { rows } = await service.db.query('SELECT username, status, role, group_id FROM users WHERE id = ANY($1) ORDER BY nickname', [[jon.id, kim.id]]);
    expect(rows).toEqual([
      { username: jon.username, status: 'Active', role: 'Admin', group_id: expect.any(String) },
      { username: kim.username, status: 'Deactivated', role: 'User', group_id: home.id },
    ]);
    expect(rows[0].group_id).not.toBe(home.id);
  });

  test('add a member without mail: they set their password with the link and sign in', async ({ page, browser, service }) => {
    const group = await seedGroup(service.db, { name: `Choir ${Date.now()}`, modules: ['Notes'] });
    const admin = await seedUser(service.db, group.id, { role: 'Admin', nickname: 'Otto' });
    const username = `pia_${Date.now()}`;

    await signIn(page, admin);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add a member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a member' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Name', { exact: true }).fill('Pia');
    await dialog.getByLabel('Email address').fill(`${username}@example.test`);
    await dialog.getByLabel('Group').selectOption({ label: group.name });
    await dialog.getByRole('button', { name: 'Add member' }).click();
    const link = dialog.getByLabel('Set-password link');
    await expect(link).toHaveValue(new RegExp(`^${service.url}/reset-password\\?token=`));
    const url = await link.inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('Active');

    // Pia opens the link on her own phone
    const piaContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const pia = await piaContext.newPage();
    await pia.goto(url);
    // the welcome page says whose group she joins and the username she will sign in with
    await expect(pia.getByRole('heading', { name: 'Welcome, Pia' })).toBeVisible();
    await expect(pia.getByText(`You are joining ${group.name}`)).toBeVisible();
    await expect(pia.getByText(username, { exact: true })).toBeVisible();
    await pia.screenshot({ path: join(SCREENSHOTS, 'Administration-invited-member-welcome-page.png') });
    await pia.getByLabel('Password', { exact: true }).fill('singing in the rain');
    await pia.getByLabel('Repeat the password').fill('singing in the rain');
    await pia.getByRole('button', { name: 'Save password and sign in' }).click();
    // …and she is in, without signing in by hand, welcomed to her group
    await expect(pia).toHaveURL(/\/welcome$/);
    await expect(pia.getByText(`You are in ${group.name} on Hearth, with Otto.`)).toBeVisible();
    await expect(pia.getByRole('link', { name: 'Pia (your account)' })).toBeAttached();
    // signing out says so
    await pia.getByRole('link', { name: 'Menu' }).click();
    await pia.getByRole('button', { name: 'Sign out' }).click();
    await expect(pia.getByText('You have signed out.')).toBeVisible();
    await piaContext.close();
  });

  test('a member cannot open the administration', async ({ page, service }) => {
    const group = await seedGroup(service.db);
    const member = await seedUser(service.db, group.id);
    await signIn(page, member);
    await page.getByRole('link', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'All pages' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/admin/users');
    await expect(page.getByText('Only administrators can open this page')).toBeVisible();
  });
});

test.describe('Keyboard', () => {
  test('sign in with the keyboard alone', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: [] });
    const member = await seedUser(service.db, group.id);
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.keyboard.press('Tab'); // the brand link
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Username')).toBeFocused();
    await page.keyboard.type(member.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(member.password);
    await page.keyboard.press('Enter');
    // the first sign-in on this device opens the welcome page (no modules: it points to the members)
    await expect(page.getByRole('heading', { name: `Welcome, ${member.username}` })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });
});
