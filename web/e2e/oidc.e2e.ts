import { startTestProvider, type TestProvider } from '../../test/support/oidc-provider';
import { expect, seedGroup, seedUser, test } from './support/fixtures';

let provider: TestProvider | undefined;
/** Hearth's address, known once its service runs (after the provider's, whose address it is given). */
let hearth = '';

test.use({
  serviceEnv: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
    async ({}, use) => {
      provider = await startTestProvider(
        () => [`${hearth}/api/v1/session/oidc/callback`],
        () => [`${hearth}/sign-in?signed-out=1`],
      );
      await use({
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_ALLOW_INSECURE: 'true',
        OIDC_BUTTON_LABEL: 'Sign in with Family ID',
        OIDC_LINK_VERIFIED_EMAIL: 'true',
        LOCAL_LOGIN: 'false',
      });
      await provider.close();
    },
    { scope: 'worker' },
  ],
});

test.describe('Signing in with the family’s identity provider', () => {
  test('the provider’s button alone, then signed in and listed as signed in with it', async ({ page, service }) => {
    hearth = service.url;
    const group = await seedGroup(service.db);
    const member = await seedUser(service.db, group.id, { nickname: 'Dana' });
    provider!.signInAs({ sub: 'dana-at-family-id', email: member.email, email_verified: true, preferred_username: 'dana', name: 'Dana' });

    await page.goto('/sign-in');
    const button = page.getByRole('link', { name: 'Sign in with Family ID' });
    await expect(button).toBeVisible();
    // password sign-in is off: only the provider's button
    await expect(page.getByLabel('Username')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    await button.click();
    await expect(
      page
        .getByRole('link', { name: 'Menu' })
        .or(page.getByRole('button', { name: 'Sign out' }))
        .first(),
    ).toBeVisible();

    await page.goto('/account/sessions');
    await expect(page.getByText('signed in with Sign in with Family ID')).toBeVisible();
    await page.goto('/account/connected');
    await expect(page.getByRole('heading', { name: 'Sign in with Family ID' })).toBeVisible();
    await expect(page.getByText('Connected since')).toBeVisible();
  });

  test('a failure at the provider comes back to the sign-in page with a message', async ({ page }) => {
    provider!.refuseNext();
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with Family ID' }).click();
    await expect(page.getByText('The sign-in was cancelled at your sign-in provider.')).toBeVisible();
  });
});
