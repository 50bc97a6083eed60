import { ACCOUNT_ENV, solveCaptcha } from '../support/account';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, DEFAULT_PASSWORD, signedInUser } from '../support/factories';
import { startMailServer, TestMailServer, tokenFromMail } from '../support/mail';

/** GET/PUT /account, PUT /account/email with its confirmation, and the resend cooldown. */
describe('profile and email change', () => {
  let mail: TestMailServer;
  let t: TestApp;

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ ...ACCOUNT_ENV, ...mail.env, EMAIL_COOLDOWN_SECONDS: '60' });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const changeEmail = (token: string, newEmail: string, currentPassword = DEFAULT_PASSWORD) =>
    t.api('PUT', '/account/email', { token, payload: { newEmail, currentPassword } });
  /** Moves the user's last confirmation mail out of the resend cooldown. */
  const pastCooldown = (userId: string) =>
    t.db.query(`UPDATE account_tokens SET created_date = created_date - interval '2 minutes' WHERE user_id = $1`, [userId]);

  it('returns my profile with my group and no picture', async () => {
    const group = await createGroup(t, { name: 'Profile Group', currency: 'CHF', modules: ['Map', 'Notes'] });
    const user = await signedInUser(t, { groupId: group.id });
    const response = await t.api('GET', '/account', { token: user.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      email: user.email,
      pendingEmail: null,
      emailStatus: 'Confirmed',
      role: 'User',
      status: 'Active',
      group: { id: group.id, name: 'Profile Group', currency: 'CHF', modules: ['Map', 'Notes'] },
      pictureUrl: null,
      locale: null,
      birthday: null,
      createdDate: expect.stringMatching(/Z$/),
    });
    expect(response.json()).not.toHaveProperty('passwordHash');
  });

  it('updates the nickname (1–25 characters, trimmed) and records it in the history', async () => {
    const user = await signedInUser(t);
    const response = await t.api('PUT', '/account', { token: user.accessToken, payload: { nickname: '  Ally  ' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().nickname).toBe('Ally');
    const [row] = await t.db.query(`SELECT changes, user_id FROM action_histories WHERE entity_id = $1 AND action = 'Updated'`, [user.id]);
    expect(row).toEqual({ changes: { nickname: { old: user.nickname, new: 'Ally' } }, user_id: user.id });

    for (const nickname of ['', 'x'.repeat(26)]) {
      const bad = await t.api('PUT', '/account', { token: user.accessToken, payload: { nickname } });
      expect(bad.statusCode).toBe(400);
    }
    expect((await t.api('PUT', '/account', { token: user.accessToken, payload: { nickname: 'Ok', email: 'x@y.z' } })).statusCode).toBe(400);
  });

  it('keeps the language chosen in the account (en or de; anything else 400 LOCALE_UNSUPPORTED), and mails in it', async () => {
    const user = await signedInUser(t);
    const chosen = await t.api('PUT', '/account', { token: user.accessToken, payload: { locale: 'de' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ locale: 'de', nickname: user.nickname });
    expect((await t.api('GET', '/account', { token: user.accessToken })).json().locale).toBe('de');

    for (const locale of ['fr', 'DE', 'de-DE', '', 'english']) {
      const bad = await t.api('PUT', '/account', { token: user.accessToken, payload: { locale } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'LOCALE_UNSUPPORTED', errors: [{ field: 'locale' }] });
    }
    const notText = await t.api('PUT', '/account', { token: user.accessToken, payload: { locale: 7 } });
    expect(notText.statusCode).toBe(400);
    const [{ locale }] = await t.db.query('SELECT locale FROM users WHERE id = $1', [user.id]);
    expect(locale).toBe('de');

    // the reset mail of a German user is German
    const forgot = await t.api('POST', '/account/password/forgot', { payload: { email: user.email, captcha: await solveCaptcha(t) } });
    expect(forgot.statusCode).toBe(204);
    const reset = await mail.waitForMail(user.email);
    expect(reset.subject).toBe('Passwort zurücksetzen');
    expect(reset.text).toContain(`Hallo ${user.nickname},`);
    expect(reset.text).toMatch(/Neues Passwort wählen:\nhttp:\/\/localhost:5173\/reset-password\?token=/);

    const back = await t.api('PUT', '/account', { token: user.accessToken, payload: { locale: 'en' } });
    expect(back.json().locale).toBe('en');
  });

  it('registers with the language of the app it was sent from; its confirmation mail is in it', async () => {
    const payload = { username: 'sprache', email: 'sprache@example.test', password: 'a long enough passphrase', nickname: 'Greta', locale: 'de' };
    const refused = await t.api('POST', '/account/register', { payload: { ...payload, locale: 'fr', captcha: await solveCaptcha(t) } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('LOCALE_UNSUPPORTED');
    const registered = await t.api('POST', '/account/register', { payload: { ...payload, captcha: await solveCaptcha(t) } });
    expect(registered.statusCode).toBe(201);
    const confirmation = await mail.waitForMail('sprache@example.test');
    expect(confirmation.subject).toBe('Bestätige deine E-Mail-Adresse');
  });

  it('requires a token for every account route but the public ones', async () => {
    expect((await t.api('GET', '/account')).statusCode).toBe(401);
    expect((await t.api('PUT', '/account/email', { payload: { newEmail: 'a@b.c', currentPassword: 'x' } })).statusCode).toBe(401);
    expect((await t.api('POST', '/account/email/confirm/resend')).statusCode).toBe(401);
  });

  it('changes the email: pending → mails to the new and the old address → confirm → Email replaced', async () => {
    const user = await signedInUser(t);
    const response = await changeEmail(user.accessToken, 'New.Address@Example.test');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ email: user.email, pendingEmail: 'new.address@example.test', emailStatus: 'ChangePending' });

    const confirmation = await mail.waitForMail('new.address@example.test');
    expect(confirmation.subject).toBe('Confirm your new email address');
    const notice = await mail.waitForMail(user.email);
    expect(notice.subject).toBe('Your email address is being changed');
    expect(notice.text).toContain('n***@example.test');
    expect(notice.text).not.toMatch(/confirm-email\?token=/);

    const confirmed = await t.api('PATCH', '/account/email/confirm', { payload: { token: tokenFromMail(confirmation, 'confirm-email') } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ emailStatus: 'Confirmed' });
    const profile = (await t.api('GET', '/account', { token: user.accessToken })).json();
    expect(profile).toMatchObject({ email: 'new.address@example.test', pendingEmail: null, emailStatus: 'Confirmed' });
    const history = await t.db.query(`SELECT changes FROM action_histories WHERE entity_id = $1 AND action = 'Updated' ORDER BY created_date`, [user.id]);
    expect(history.at(-1).changes).toMatchObject({ email: { old: user.email, new: 'new.address@example.test' } });
  });

  it('refuses a wrong password (400), an address in use (409) and the current address (400)', async () => {
    const user = await signedInUser(t);
    const other = await createUser(t, { email: 'occupied@example.test' });
    expect((await changeEmail(user.accessToken, 'fresh@example.test', 'wrong-password')).json()).toMatchObject({ status: 400, code: 'INVALID_PASSWORD' });
    expect((await changeEmail(user.accessToken, 'OCCUPIED@example.test')).json()).toMatchObject({ status: 409, code: 'EMAIL_TAKEN' });
    expect((await changeEmail(user.accessToken, user.email.toUpperCase())).json()).toMatchObject({ status: 400, code: 'EMAIL_UNCHANGED' });
    expect((await changeEmail(user.accessToken, 'not-an-email')).json().code).toBe('VALIDATION_FAILED');
    const [row] = await t.db.query('SELECT pending_email, email_status FROM users WHERE id = $1', [user.id]);
    expect(row).toEqual({ pending_email: null, email_status: 'Confirmed' });
    expect(other.email).toBe('occupied@example.test');
  });

  it('answers 409 EMAIL_TAKEN at confirmation when someone took the address meanwhile', async () => {
    const user = await signedInUser(t);
    await changeEmail(user.accessToken, 'contested@example.test');
    const token = tokenFromMail(await mail.waitForMail('contested@example.test'), 'confirm-email');
    await createUser(t, { email: 'contested@example.test' });
    const response = await t.api('PATCH', '/account/email/confirm', { payload: { token } });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('EMAIL_TAKEN');
  });

  it('only the link for the latest requested address confirms it', async () => {
    const user = await signedInUser(t);
    await changeEmail(user.accessToken, 'first-choice@example.test');
    const first = tokenFromMail(await mail.waitForMail('first-choice@example.test'), 'confirm-email');
    await pastCooldown(user.id);
    await changeEmail(user.accessToken, 'second-choice@example.test');
    expect((await t.api('PATCH', '/account/email/confirm', { payload: { token: first } })).json().code).toBe('INVALID_TOKEN');
    const second = tokenFromMail(await mail.waitForMail('second-choice@example.test'), 'confirm-email');
    expect((await t.api('PATCH', '/account/email/confirm', { payload: { token: second } })).statusCode).toBe(200);
  });

  it('re-sends the pending confirmation, then 429 COOLDOWN with Retry-After inside the cooldown', async () => {
    const user = await signedInUser(t);
    const nothing = await t.api('POST', '/account/email/confirm/resend', { token: user.accessToken });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('EMAIL_ALREADY_CONFIRMED');

    await changeEmail(user.accessToken, 'resend-me@example.test');
    await mail.waitForMail('resend-me@example.test');
    const tooSoon = await t.api('POST', '/account/email/confirm/resend', { token: user.accessToken });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('COOLDOWN');
    const retryAfter = Number(tooSoon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    await pastCooldown(user.id);
    const resent = await t.api('POST', '/account/email/confirm/resend', { token: user.accessToken });
    expect(resent.statusCode).toBe(204);
    const again = await mail.waitForMail('resend-me@example.test', { count: 2 });
    expect(again.subject).toBe('Confirm your new email address');
  });

  it('refuses an email change inside the cooldown of the previous one', async () => {
    const user = await signedInUser(t);
    expect((await changeEmail(user.accessToken, 'quick-1@example.test')).statusCode).toBe(202);
    const second = await changeEmail(user.accessToken, 'quick-2@example.test');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });
});
