import { pngImage } from '../../test/support/images';
import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

// no S3: pictures go to the local disk driver, whose upload and download URLs are the service's own
test.use({ serviceEnv: { S3_ENDPOINT: '', S3_ACCESS_KEY: '', S3_SECRET_KEY: '' } });

test.describe('Profile picture on the local disk', () => {
  test('upload with a preview, see it on the account and the members page, remove it', async ({ page, service }) => {
    const group = await seedGroup(service.db);
    const member = await seedUser(service.db, group.id, { nickname: 'Quinn' });
    await signIn(page, member);
    await page.goto('/account');

    await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngImage(120, 160) });
    await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await expect(page.getByText('Your picture has been updated.')).toBeVisible({ timeout: 30_000 });
    const picture = page.getByRole('img', { name: 'Your profile picture' });
    await expect.poll(() => picture.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    expect(await picture.getAttribute('src')).toContain('/api/v1/storage/');

    await page.goto('/members');
    // the avatar is decorative (alt=""), the name beside it says who it is
    const avatar = page.getByRole('listitem').filter({ hasText: 'Quinn' }).locator('img');
    await expect.poll(() => avatar.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

    await page.goto('/account');
    await page.getByRole('button', { name: 'Remove picture' }).click();
    await expect(page.getByText('Your picture has been removed.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveCount(0);
  });
});
