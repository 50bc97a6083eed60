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
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Your name has been saved.')).toBeVisible();

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
