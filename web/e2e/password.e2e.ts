import { tokenFromMail } from '../../test/support/mail';
import { expect, seedGroup, seedUser, signIn, test, waitForCaptcha } from './support/fixtures';

test.describe('Forgotten password', () => {
  test('ask for a link, follow it from the mail, choose a new password, sign in with it', async ({ page, service }) => {
    const group = await seedGroup(service.db);
    const member = await seedUser(service.db, group.id, { nickname: 'Clara' });

    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email address').fill(member.email);
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const mail = await service.mail.waitForMail(member.email);
    await page.goto(`/reset-password?token=${encodeURIComponent(tokenFromMail(mail, 'reset-password'))}`);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(member.username, { exact: true })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret phrase');
    await page.getByLabel('Repeat the new password').fill('a brand new secret phrase');
    await page.getByRole('button', { name: 'Save the new password and sign in' }).click();
    // signed in with the new password straight away; signing out says so
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
    await page.getByRole('link', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('You have signed out.')).toBeVisible();

    // the old password no longer works, the new one does
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid username or password');
    await signIn(page, { username: member.username, password: 'a brand new secret phrase' });
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
  });

  test('a used or broken link says so and offers a new one', async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByText('The link is invalid, was already used or has expired.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });
});
