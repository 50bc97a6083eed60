import { ACCOUNT_ENV, solveCaptcha } from '../support/account';
import { createTestApp, TestApp } from '../support/app';
import { createUser, DEFAULT_PASSWORD, login, refreshCookieOf } from '../support/factories';
import { startMailServer, TestMailServer, tokenFromMail } from '../support/mail';
import { waitFor } from '../support/wait';

/** Forgotten password, reset with the link, and change while signed in. */
describe('passwords', () => {
  let mail: TestMailServer;
  let t: TestApp;

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ ...ACCOUNT_ENV, ...mail.env, RESET_COOLDOWN_SECONDS: '300' });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const forgot = async (email: string) => t.api('POST', '/account/password/forgot', { payload: { email, captcha: await solveCaptcha(t) } });
  const reset = (token: string, newPassword: string) => t.api('POST', '/account/password/reset', { payload: { token, newPassword } });
  const forgotJobsDone = () =>
    waitFor(async () => {
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'account-password-forgot' AND state <> 'completed'`);
      return n === 0;
    });
  const mailJobsTo = async (address: string) =>
    (await t.db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-send' AND data->>'to' = $1`, [address]))[0].n;
  const liveSessions = async (userId: string) =>
    (await t.db.query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_date IS NULL', [userId]))[0].n;

  it('answers 204 for unknown and known accounts alike and mails only the known one', async () => {
    const user = await createUser(t, { email: 'forgetful@example.test' });
    const unknown = await forgot('nobody-here@example.test');
    const known = await forgot('Forgetful@Example.test');
    expect(unknown.statusCode).toBe(204);
    expect(known.statusCode).toBe(204);
    expect(unknown.body).toBe('');

    const message = await mail.waitForMail(user.email);
    expect(message.subject).toBe('Reset your password');
    expect(message.text).toMatch(/http:\/\/localhost:5173\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    await forgotJobsDone();
    expect(await mailJobsTo('nobody-here@example.test')).toBe(0);
    expect(mail.mailsTo('nobody-here@example.test')).toHaveLength(0);
  });

  it('sends no mail for an account whose email was never confirmed', async () => {
    const user = await createUser(t, { emailStatus: 'Unconfirmed', status: 'Pending' });
    expect((await forgot(user.email)).statusCode).toBe(204);
    await forgotJobsDone();
    expect(await mailJobsTo(user.email)).toBe(0);
  });

  it('mails at most once per cooldown, still answering 204', async () => {
    const user = await createUser(t);
    await forgot(user.email);
    await mail.waitForMail(user.email);
    expect((await forgot(user.email)).statusCode).toBe(204);
    await forgotJobsDone();
    expect(await mailJobsTo(user.email)).toBe(1);
  });

  it('refuses the forgot form without a valid CAPTCHA', async () => {
    const response = await t.api('POST', '/account/password/forgot', { payload: { email: 'x@example.test', captcha: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('CAPTCHA_INVALID');
  });

  it('resets with the link: 200 {}, new password works, old does not, every session revoked, token single-use', async () => {
    const user = await createUser(t);
    await login(t, user);
    await login(t, user);
    expect(await liveSessions(user.id)).toBe(2);

    await forgot(user.email);
    const token = tokenFromMail(await mail.waitForMail(user.email), 'reset-password');
    const response = await reset(token, 'Brand-New-Secret-9');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(await liveSessions(user.id)).toBe(0);

    expect((await t.api('POST', '/session', { payload: { username: user.username, password: DEFAULT_PASSWORD } })).statusCode).toBe(401);
    expect((await t.api('POST', '/session', { payload: { username: user.username, password: 'Brand-New-Secret-9' } })).statusCode).toBe(200);
    expect((await reset(token, 'Another-New-Secret-9')).json()).toMatchObject({ status: 400, code: 'INVALID_TOKEN' });

    const history = await t.db.query(`SELECT changes FROM action_histories WHERE entity_id = $1 AND action = 'Updated'`, [user.id]);
    expect(history[0].changes).toEqual({ passwordHash: { old: '[redacted]', new: '[redacted]' } });
  });

  it('refuses unknown and expired reset tokens, and weak new passwords', async () => {
    expect((await reset('no-such-token', 'Brand-New-Secret-9')).json().code).toBe('INVALID_TOKEN');
    const user = await createUser(t);
    await forgot(user.email);
    const token = tokenFromMail(await mail.waitForMail(user.email), 'reset-password');
    const weak = await reset(token, '12345678');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].field).toBe('newPassword');
    await t.db.query(`UPDATE account_tokens SET expires_date = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    expect((await reset(token, 'Brand-New-Secret-9')).json().code).toBe('INVALID_TOKEN');
  });

  it('issues reset tokens valid for one hour', async () => {
    const user = await createUser(t);
    await forgot(user.email);
    await mail.waitForMail(user.email);
    const [row] = await t.db.query(`SELECT extract(epoch FROM expires_date - created_date)::int AS seconds, purpose FROM account_tokens WHERE user_id = $1`, [
      user.id,
    ]);
    expect(row).toEqual({ seconds: 3600, purpose: 'PasswordReset' });
  });

  it('changes the password with the current one, revoking every session and clearing the cookie', async () => {
    const user = await createUser(t);
    const other = await login(t, user);
    const me = await login(t, user);

    const wrong = await t.api('PUT', '/account/password', { token: me.accessToken, payload: { currentPassword: 'not-it', newPassword: 'Brand-New-Secret-9' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');

    const weak = await t.api('PUT', '/account/password', { token: me.accessToken, payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'qwertyuiop' } });
    expect(weak.json().code).toBe('VALIDATION_FAILED');

    const changed = await t.api('PUT', '/account/password', {
      token: me.accessToken,
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Brand-New-Secret-9' },
    });
    expect(changed.statusCode).toBe(204);
    const cleared = changed.cookies.find((cookie) => cookie.name === 'refresh_token');
    expect(cleared?.value).toBe('');
    expect(await liveSessions(user.id)).toBe(0);
    expect((await t.api('GET', '/account', { token: other.accessToken })).statusCode).toBe(401);
    expect((await t.api('GET', '/account', { token: me.accessToken })).statusCode).toBe(401);
    expect(refreshCookieOf(await t.api('POST', '/session', { payload: { username: user.username, password: 'Brand-New-Secret-9' } }))).toBeDefined();
  });
});
