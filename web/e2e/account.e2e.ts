import { tokenFromMail } from '../../test/support/mail';
import { pngImage } from '../../test/support/images';
import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

test.describe('Account', () => {
  test('change the name, upload a picture with a preview, and change the email address', async ({ page, service }) => {
    const group = await seedGroup(service.db);
    const member = await seedUser(service.db, group.id, { nickname: 'Hanna' });

    await signIn(page, member);
    await page.getByRole('link', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'All pages' }).getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('Hanna B.');
    await page.getByRole('button', { name: 'Save name and birthday' }).click();
    await expect(page.getByText('Your name and birthday have been saved.')).toBeVisible();

    await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngImage(300, 200) });
    await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await expect(page.getByText('Your picture has been updated.')).toBeVisible({ timeout: 30_000 });
    const picture = page.getByRole('img', { name: 'Your profile picture' });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

    const newEmail = `hanna.b.${Date.now()}@example.test`;
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByLabel('Current password', { exact: true }).first().fill(member.password);
    await page.getByRole('button', { name: 'Change email address' }).click();
    await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();
    await expect(page.getByText(`Waiting for you to confirm ${newEmail}`)).toBeVisible();
    // a second mail right away is refused by the cooldown, and the page says when to ask again
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByRole('alert')).toContainText(/You can ask for another in \d+ seconds/);

    const mail = await service.mail.waitForMail(newEmail);
    await page.goto(`/confirm-email?token=${encodeURIComponent(tokenFromMail(mail, 'confirm-email'))}`);
    await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to your account' }).click();
    await expect(page.getByText(`Your address: ${newEmail}`)).toBeVisible();
  });

  test("a birthday without its year shows on the calendar's agenda in its month, and emptying it removes it", async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Calendar'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Hanna' });
    // Wednesday 4 March 2026: the 20th is in the agenda's first weeks whatever day the test runs on
    await page.clock.setFixedTime(new Date('2026-03-04T12:00:00Z'));
    await signIn(page, member);
    await page.goto('/account');
    const profile = page.getByRole('region', { name: 'What your group sees' });
    const birthday = profile.getByRole('group', { name: 'Birthday' });
    const day = birthday.getByLabel('Day');
    const month = birthday.getByLabel('Month');
    const year = birthday.getByLabel('Year (optional)');
    const save = profile.getByRole('button', { name: 'Save name and birthday' });

    // a day the month does not have is named before anything is sent
    await day.fill('31');
    await month.selectOption({ label: 'April' });
    await save.click();
    await expect(profile.getByRole('alert')).toContainText('That month has no such day: check the day');
    await expect(day).toHaveAttribute('aria-invalid', 'true');

    // 20 March, no year
    await day.fill('20');
    await month.selectOption({ label: 'March' });
    await expect(year).toHaveValue('');
    await save.click();
    await expect(profile.getByText('Your name and birthday have been saved.')).toBeVisible();
    expect((await service.db.query('SELECT birthday FROM users WHERE id = $1', [member.id])).rows[0].birthday).toBe('--03-20');

    await page.getByRole('link', { name: 'Calendar' }).first().click();
    const onTheDay = page.getByRole('region', { name: 'Friday 20 March' });
    await expect(onTheDay.getByRole('listitem')).toContainText(/All day\s*Hanna\s*Birthday/);

    // back on the account page it reads 20 March; emptied, it is gone from the calendar
    await onTheDay.getByRole('link', { name: 'Change in your account' }).click();
    await expect(day).toHaveValue('20');
    await expect(month.locator('option:checked')).toHaveText('March');
    await day.fill('');
    await month.selectOption({ label: '—' });
    await save.click();
    await expect(profile.getByText('Your name and birthday have been saved.')).toBeVisible();
    await page.getByRole('link', { name: 'Calendar' }).first().click();
    await expect(page.getByText('Nothing in the next 8 weeks')).toBeVisible();
    expect((await service.db.query('SELECT birthday FROM users WHERE id = $1', [member.id])).rows[0].birthday).toBeNull();
  });

  test('a wrong current password is shown next to its field', async ({ page, service }) => {
    const group = await seedGroup(service.db);
    const member = await seedUser(service.db, group.id);
    await signIn(page, member);
    await page.goto('/account');
    await page.getByRole('region', { name: 'Password' }).getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('another fine password');
    await page.getByRole('button', { name: 'Change password' }).click();
    const password = page.getByRole('region', { name: 'Password' });
    await expect(password.getByRole('alert')).toContainText('There is a problem');
    await expect(password.getByText('Error: Current password is wrong')).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
  });
});
