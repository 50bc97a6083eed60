import { join } from 'node:path';
import { encode } from 'uqr';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';

/**
 * The service's APP_URL is http://127.0.0.1:… (a loopback address, as on a default install); the
 * administrator opens the app with another address (here `localhost`; at home the machine's
 * network address). The link they hand on must carry the address they use.
 */
test.use({
  baseURL: async ({ service }, use) => use(service.url.replace('127.0.0.1', 'localhost')),
  permissions: ['clipboard-read', 'clipboard-write'],
});

/** The QR code's dark modules as the page draws them (one unit per module, 4 modules of quiet zone). */
function expectedPath(text: string): string {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  return data.map((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')).join('')).join('');
}

test.describe('Set-password link for another device', () => {
  test('the admin page shows the link with its own address, copies it, draws it as a QR code, and makes a new one that ends the old', async ({
    page,
    browser,
    service,
    baseURL,
  }) => {
    const origin = baseURL!;
    expect(origin).not.toBe(service.url);
    const group = await seedGroup(service.db, { name: `Family ${Date.now()}`, modules: ['Notes'] });
    const admin = await seedUser(service.db, group.id, { role: 'Admin', nickname: 'Anna' });
    const username = `oma_${Date.now()}`;

    await signIn(page, admin);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add a member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a member' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Name', { exact: true }).fill('Helga');
    await dialog.getByLabel('Email address').fill(`${username}@example.test`);
    await dialog.getByLabel('Group').selectOption({ label: group.name });
    await expect(dialog.getByLabel('Language of their mails')).toHaveValue('en');
    await dialog.getByRole('button', { name: 'Add member' }).click();

    // the link starts with the address this page was opened with, not APP_URL's loopback one
    const field = dialog.getByRole('textbox', { name: 'Set-password link' });
    await expect(field).toHaveValue(new RegExp(`^${origin}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
    const first = await field.inputValue();

    // copied as shown
    await dialog.getByRole('button', { name: 'Copy the link' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    const clipboard = () =>
      page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
    expect(await clipboard()).toBe(first);

    // a QR code of exactly that link, black on white
    const qr = dialog.getByRole('img', { name: 'QR code to scan' });
    await expect(qr).toBeVisible();
    expect(await qr.locator('path').getAttribute('d')).toBe(expectedPath(first));
    expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(200);
    await page.screenshot({ path: join(SCREENSHOTS, 'Administration-set-password-link-with-QR-code.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Done' }).click();

    // later: a new link from the member's settings
    await page.getByRole('button', { name: 'Manage Helga' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Helga' });
    await manage.getByRole('button', { name: 'Make a new link' }).click();
    const newField = manage.getByRole('textbox', { name: 'Set-password link' });
    await expect(newField).toHaveValue(new RegExp(`^${origin}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
    const second = await newField.inputValue();
    expect(second).not.toBe(first);
    await expect(manage.getByText('earlier links no longer work')).toBeVisible();
    expect(await manage.getByRole('img', { name: 'QR code to scan' }).locator('path').getAttribute('d')).toBe(expectedPath(second));

    // the old link has ended; the new one opens on Helga's phone
    const preview = (link: string) => page.request.post('/api/v1/account/password/reset/preview', { data: { token: new URL(link).searchParams.get('token') } });
    expect((await preview(first)).status()).toBe(400);
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const helga = await phone.newPage();
    await helga.goto(second);
    await expect(helga.getByRole('heading', { name: 'Welcome, Helga' })).toBeVisible();
    await phone.close();
  });
});
