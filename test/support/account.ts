import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { TestApp } from './app';

/** Settings for account tests: a cheap proof of work and fast job polling. */
export const ACCOUNT_ENV: Record<string, string> = {
  ALTCHA_COST: '1',
  ALTCHA_MAX_COUNTER: '20',
  JOBS_ENABLED: 'true',
  JOBS_POLL_MS: '500',
  MAIL_RETRY_DELAY_SECONDS: '1',
};

/** Solves the challenge of GET /account/captcha as the ALTCHA widget does and returns the payload it submits. */
export async function solveCaptcha(t: TestApp): Promise<string> {
  const response = await t.api('GET', '/account/captcha');
  if (response.statusCode !== 200) throw new Error(`captcha challenge: ${response.statusCode} ${response.body}`);
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let counter = 0;

export interface Registration {
  username: string;
  email: string;
  password: string;
  nickname: string;
}

/** A valid registration body with a unique username and email. */
export function newRegistration(overrides: Partial<Registration> = {}): Registration {
  const username = overrides.username ?? `reg${process.pid}x${++counter}`;
  return {
    username,
    email: overrides.email ?? `${username.toLowerCase()}@example.test`,
    password: overrides.password ?? 'Tidy-Otter-Rides-73',
    nickname: overrides.nickname ?? 'Newcomer',
  };
}

/** POST /account/register with a freshly solved CAPTCHA. */
export async function register(t: TestApp, body: Partial<Registration> & Record<string, unknown> = {}) {
  const registration = { ...newRegistration(body as Partial<Registration>), ...body };
  const response = await t.api('POST', '/account/register', { payload: { ...registration, captcha: await solveCaptcha(t) } });
  return { response, registration };
}
