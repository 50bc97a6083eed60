import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (Playwright's own browser download is not used):
 * `npm run test:browser` builds the service and the web client first.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: '../../artifacts/playwright',
  fullyParallel: false,
  // one worker: one service and one Chromium at a time on a shared machine
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { outputFolder: '../../artifacts/playwright-report', open: 'never' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    // phone first: the design width
    viewport: { width: 360, height: 780 },
    hasTouch: true,
    locale: 'en-GB',
    // the browser's zone; scripts/midnight-sweep.sh runs the date-reading tests in others too
    timezoneId: process.env.E2E_TIMEZONE ?? 'UTC',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
