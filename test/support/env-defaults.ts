import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Settings every test starts from; a test overrides what it exercises. Apart from app.ts so the browser tests can load it without Nest. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  BCRYPT_COST: '4',
  RATE_LIMIT_ENABLED: 'false',
  MIGRATIONS_RUN: 'false',
  JOBS_ENABLED: 'false',
  CORS_ORIGINS: 'http://localhost:5173',
  APP_URL: 'http://localhost:5173',
  // local storage driver files and the mail outbox of this test process, never the checkout's ./data
  // (under the run's directory, removed by global teardown)
  DATA_DIR: mkdtempSync(join(process.env.HEARTH_TEST_DATA_ROOT ?? tmpdir(), 'hearth-test-data-')),
};
