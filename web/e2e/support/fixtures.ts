/**
 * Browser-test fixtures: one real service per worker (see service.ts), a phone-sized page, and a
 * screenshot of every test's final page in artifacts/screenshots (kept as a CI artefact).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, seedGroup, seedUser, startService, type SeededUser, type Service } from './service';

export const SCREENSHOTS = join(ROOT, 'artifacts', 'screenshots');

function fileName(titles: string[]): string {
  return titles
    .join(' - ')
    .replace(/[^A-Za-z0-9 ._-]+/g, '')
    .replace(/[\s-]+/g, '-')
    .slice(0, 150);
}

export const test = base.extend<{ finalScreenshot: void }, { service: Service; serviceEnv: Record<string, string> }>({
  // settings for the service of a file's tests: `test.use({ serviceEnv: { … } })` (a worker of its own)
  serviceEnv: [{}, { option: true, scope: 'worker' }],
  service: [
    async ({ serviceEnv }, use) => {
      const service = await startService(serviceEnv);
      await use(service);
      await service.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ service }, use) => use(service.url),
  finalScreenshot: [
    async ({ page }, use, testInfo) => {
      await use();
      mkdirSync(SCREENSHOTS, { recursive: true });
      const path = join(SCREENSHOTS, `${fileName(testInfo.titlePath.slice(1))}.png`);
      // what the person sees on their screen (phone-sized unless the test chose otherwise)
      await page.screenshot({ path }).catch(() => undefined);
      await testInfo.attach('final page', { path, contentType: 'image/png' }).catch(() => undefined);
      // 360 px is the design width: nothing may need sideways scrolling there
      if (testInfo.status === 'passed' && page.viewportSize()?.width === 360 && !page.isClosed()) {
        const width = await page
          .evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)
          .catch(() => 360);
        expect(width, 'the final page scrolls sideways at 360 px').toBeLessThanOrEqual(360);
      }
    },
    { auto: true },
  ],
});

export { expect, seedGroup, seedUser };

/** Signs in through the sign-in page and waits for the signed-in shell. */
export async function signIn(
  page: Page,
  user: Pick<SeededUser, 'username' | 'password'>,
  options: { rememberMe?: boolean; deviceName?: string } = {},
): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  if (options.rememberMe) await page.getByLabel('Remember me on this device').check();
  if (options.deviceName) await page.getByLabel('Device name (optional)').fill(options.deviceName);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page
      .getByRole('button', { name: 'Sign out' })
      .or(page.getByRole('link', { name: 'Menu' }))
      .first(),
  ).toBeVisible();
}

/** The ALTCHA widget has solved its proof of work (it starts on its own when the form is shown). */
export async function waitForCaptcha(page: Page): Promise<void> {
  await expect(page.locator('altcha-widget input[name="captcha"]')).not.toHaveValue('', { timeout: 30_000 });
}
