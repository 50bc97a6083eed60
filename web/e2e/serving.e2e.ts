import { expect, test } from './support/fixtures';

test.describe('Serving the app', () => {
  test('client routes load the app while service paths keep their meaning', async ({ page, request }) => {
    const unknownApi = await request.get('/api/v1/no-such-thing');
    expect(unknownApi.status()).toBe(404);
    expect(unknownApi.headers()['content-type']).toContain('application/problem+json');
    expect((await request.get('/health/live')).status()).toBe(200);
    expect((await request.get('/docs-json')).headers()['content-type']).toContain('application/json');
    expect((await request.get('/assets/missing.js')).status()).toBe(404);

    // a deep link (as in a mail) opens the app, which sends a signed-out visitor to sign in
    await page.goto('/account/sessions');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount%2Fsessions$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
