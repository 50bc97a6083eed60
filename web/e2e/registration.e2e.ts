import { tokenFromMail } from '../../test/support/mail';
import { expect, seedGroup, seedUser, signIn, test, waitForCaptcha } from './support/fixtures';

test.describe('Registration', () => {
  test('register, confirm from the mail, wait for approval, get approved by an admin, sign in', async ({ page, browser, service }) => {
    const group = await seedGroup(service.db, { name: `Miller family ${Date.now()}`, modules: ['Notes'] });
    const admin = await seedUser(service.db, group.id, { role: 'Admin', nickname: 'Mum' });
    const username = `ben_${Date.now()}`;
    const email = `${username}@example.test`;

    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Name shown to your group').fill('Ben');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('my cat likes lasagne');
    await waitForCaptcha(page);
    // the widget's links (its logo, "ALTCHA" in its footer) are targets of 24 × 24 px at least
    const links = page.locator('altcha-widget a');
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      const name = (await link.getAttribute('class')) ?? (await link.textContent());
      expect(box.width, `width of the link ${name}`).toBeGreaterThanOrEqual(24);
      expect(box.height, `height of the link ${name}`).toBeGreaterThanOrEqual(24);
    }
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const mail = await service.mail.waitForMail(email);
    await page.goto(`/confirm-email?token=${encodeURIComponent(tokenFromMail(mail, 'confirm-email'))}`);
    await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
    await expect(page.getByText('Registration pending admin approval')).toBeVisible();

    // signing in before approval says so, in the specification's words
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('my cat likes lasagne');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Registration pending admin approval');

    // the admin approves Ben into the group
    const adminContext = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin);
    await adminPage.getByRole('link', { name: 'Admin' }).click();
    await expect(adminPage.getByRole('heading', { name: 'Registrations awaiting approval' })).toBeVisible();
    await adminPage.getByLabel('Group for Ben').selectOption({ label: group.name });
    await adminPage.getByRole('button', { name: 'Approve Ben' }).click();
    await expect(adminPage.getByText('Ben has been approved and can sign in now.')).toBeVisible();
    await expect(adminPage.getByRole('button', { name: 'Approve Ben' })).toHaveCount(0);
    await adminContext.close();

    await page.getByRole('button', { name: 'Sign in' }).click();
    // the first sign-in on this device opens the welcome page
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Notes' })).toBeVisible();
  });
});
